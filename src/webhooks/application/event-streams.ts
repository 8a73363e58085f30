import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/time/clock.js';
import { EventStreamWindow } from '../domain/event-stream-window.js';
import { EventFeed, EventSignals, type EventSubscriber, type StreamedEvent } from './ports/event-stream.ports.js';

/** Where a stream's frames go (the HTTP response). */
export interface StreamSink {
  /** Writes frames; false when the client is too far behind, and the stream then ends (it resumes by id). */
  write(text: string): boolean;
  /** Ends the response. */
  end(): void;
}

/** Why a stream cannot open now: this process holds EVENT_STREAMS_MAX streams, or the workspace its share. */
export type StreamRefusal = 'process_full' | 'workspace_full';

/** What a client asks of a stream: its workspace, the types it wants (all: undefined), and where it resumes. */
export interface StreamRequest {
  workspaceId: string;
  types?: readonly string[];
  /** the id of the last event the client has (Last-Event-ID, or `after`); undefined: from now */
  lastEventId?: string;
}

/** A stream being opened: its slot is taken and where it starts is known; `run` starts it, `cancel` gives it up. */
export interface PendingStream {
  /** false when `lastEventId` named no event the workspace has (any more): the stream starts from now */
  readonly resumed: boolean;
  run(sink: StreamSink): OpenStream;
  cancel(): void;
}

/** A running stream: `close` when the client went away, or to end it. */
export interface OpenStream {
  close(): void;
}

/** One frame of `text/event-stream`: the event's id, type and envelope (one line; split into data lines if not). */
export function eventFrame(event: StreamedEvent): string {
  const data = event.body
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `id: ${event.eventId}\nevent: ${event.type}\n${data}\n`;
}

/** The comment a stream sends every EVENT_STREAM_HEARTBEAT_MS, so that no proxy takes it for idle. */
export const KEEP_ALIVE = ': keep-alive\n\n';

/** Events one look reads at first; a page that all shares one instant is read again twice as large, up to MAX_PAGE. */
const PAGE = 500;
const MAX_PAGE = 8_000;

class EventStream implements EventSubscriber {
  private looking: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private sink: StreamSink | null = null;
  private unsubscribe: () => void = () => undefined;

  constructor(
    readonly workspaceId: string,
    private readonly types: readonly string[] | undefined,
    private readonly window: EventStreamWindow,
    private readonly feed: EventFeed,
    private readonly logger: Logger,
    private readonly onClosed: (stream: EventStream) => void,
  ) {}

  start(sink: StreamSink, signals: EventSignals): void {
    this.sink = sink;
    this.unsubscribe = signals.subscribe(this);
    this.wake(); // what was published between the window's start and the subscription
  }

  /** Looks for new events now, or once more after the look in progress. */
  wake(): void {
    if (this.closed || !this.sink) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = this.lookUntilQuiet().finally(() => (this.looking = null));
  }

  heartbeat(): void {
    if (this.closed || !this.sink) return;
    if (!this.sink.write(KEEP_ALIVE)) return this.close();
    this.wake(); // the backstop: a notification lost (or a listener still connecting) delays an event, no more
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.sink?.end();
    this.onClosed(this);
  }

  private async lookUntilQuiet(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.look(true);
      } while (this.again && !this.closed);
    } catch (err) {
      // The database is out of reach, say: the stream stays open and the next wake (a heartbeat at the latest) retries.
      this.logger.warn({ err, workspaceId: this.workspaceId }, 'An event stream could not read the events; it will look again');
    }
  }

  /**
   * Reads what was published since the window's start and sends (`send`) or only records what it has not sent, page
   * by page: each page starts at the instant the previous one ended (the ids of that instant are known, so skipped).
   */
  async look(send: boolean): Promise<void> {
    let from = this.window.since;
    let limit = PAGE;
    for (;;) {
      const found = await this.feed.publishedSince(this.workspaceId, from, this.types, limit);
      if (this.closed) return;
      const fresh = this.window.accept(found);
      if (send) for (const event of fresh) if (!this.sink!.write(eventFrame(event))) return this.close();
      if (found.length < limit) return;
      const last = found[found.length - 1]!.publishedAt;
      if (last.getTime() > from.getTime()) from = last;
      else if (limit < MAX_PAGE) limit *= 2;
      else {
        this.logger.warn({ workspaceId: this.workspaceId }, `More than ${MAX_PAGE} events share one instant; the stream ends`);
        return this.close();
      }
    }
  }
}

/**
 * The event streams of this API process (`GET /v1/events/stream`, docs/adr/0067). Each stream sends the events its
 * workspace publishes from where the client resumes (or from now), each once, oldest first. It looks when the
 * workspace's notification arrives (from the relay's transaction, in whichever process), when the listener is back
 * after a lost connection, and every EVENT_STREAM_HEARTBEAT_MS, when it also sends `: keep-alive`. At most
 * EVENT_STREAMS_MAX streams in the process, EVENT_STREAMS_PER_WORKSPACE of one workspace.
 */
@Injectable()
export class EventStreams implements OnModuleDestroy {
  private readonly logger = new Logger('EventStreams');
  private readonly streams = new Set<EventStream>();
  private readonly perWorkspace = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly feed: EventFeed,
    private readonly signals: EventSignals,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How many streams are open (or being opened) in this process. */
  get size(): number {
    let n = 0;
    for (const count of this.perWorkspace.values()) n += count;
    return n;
  }

  /**
   * Takes a slot for a stream of `request.workspaceId` (or says why not) and finds where it starts: after the event the
   * client names, or now (the events visible now are recorded as sent, so that only what commits from now on is sent).
   */
  async prepare(request: StreamRequest): Promise<PendingStream | StreamRefusal> {
    const { max, perWorkspace } = this.config.eventStreams;
    const held = this.perWorkspace.get(request.workspaceId) ?? 0;
    if (this.size >= max) return 'process_full';
    if (held >= perWorkspace) return 'workspace_full';
    this.perWorkspace.set(request.workspaceId, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.perWorkspace.get(request.workspaceId) ?? 1) - 1;
      if (n > 0) this.perWorkspace.set(request.workspaceId, n);
      else this.perWorkspace.delete(request.workspaceId);
    };
    try {
      const from = request.lastEventId ? await this.feed.publishedAtOf(request.workspaceId, request.lastEventId) : null;
      const window = from ? new EventStreamWindow(from, [request.lastEventId!]) : new EventStreamWindow(this.clock.now());
      const stream = new EventStream(request.workspaceId, request.types, window, this.feed, this.logger, (s) => {
        this.streams.delete(s);
        release();
        if (this.streams.size === 0) this.stopHeartbeat();
      });
      if (!from) await stream.look(false);
      return {
        resumed: from !== null,
        run: (sink) => {
          this.streams.add(stream);
          this.startHeartbeat();
          stream.start(sink, this.signals);
          return stream;
        },
        cancel: release,
      };
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Ends every stream (the process stops; their clients resume elsewhere). */
  closeAll(): void {
    for (const stream of this.streams) stream.close(); // each removes itself: a Set iterates on safely
  }

  onModuleDestroy(): void {
    this.closeAll();
    this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const stream of this.streams) stream.heartbeat();
    }, this.config.eventStreams.heartbeatMs);
    this.timer.unref();
  }

  private stopHeartbeat(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
