import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { AccessControl } from '../../platform/http/pipeline/access-control.js';
import { Clock } from '../../platform/time/clock.js';
import { EventStreamSlots, type StreamRefusal } from '../domain/event-stream-slots.js';
import { EventStreamWindow } from '../domain/event-stream-window.js';
import { ENDED_KEY_REFUSED, EventStream, type StreamSink } from './event-stream.js';
import { EventFeed, EventSignals } from './ports/event-stream.ports.js';

export type { StreamSink } from './event-stream.js';

export type { StreamRefusal } from '../domain/event-stream-slots.js';

/** What a client asks of a stream. */
export interface StreamRequest {
  workspaceId: string;
  /** the API key that opens the stream: it holds one of its EVENT_STREAMS_PER_KEY slots */
  keyId: string;
  /** the key as presented: checked again every EVENT_STREAM_KEY_CHECK_MS while the stream is open */
  credential: string;
  /** the types it wants (all: undefined) */
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

/** The scope a stream needs, checked again while it is open. */
const SCOPE = 'webhooks:read';

/**
 * The event streams of this API process (`GET /v1/events/stream`, docs/adr/0067). Each stream sends the events its
 * workspace publishes from where the client resumes (or from now), each once, oldest first. It looks when the
 * workspace's notification arrives (from the relay's transaction, in whichever process), when the listener is back
 * after a lost connection, and every EVENT_STREAM_HEARTBEAT_MS, when it also sends `: keep-alive`.
 *
 * A stream belongs to the key that opened it: every EVENT_STREAM_KEY_CHECK_MS the keys of the open streams are
 * checked again (one statement, and a key read only when a key or plan changed), and a stream whose key is revoked,
 * expired or no longer granted `webhooks:read` ends. A stream also ends after EVENT_STREAM_MAX_SECONDS. At most
 * EVENT_STREAMS_MAX streams in the process, EVENT_STREAMS_PER_WORKSPACE of one workspace, EVENT_STREAMS_PER_KEY of
 * one key.
 */
@Injectable()
export class EventStreams implements OnModuleDestroy {
  private readonly logger = new Logger('EventStreams');
  private readonly streams = new Set<EventStream>();
  private readonly slots: EventStreamSlots;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private guardTimer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly feed: EventFeed,
    private readonly signals: EventSignals,
    private readonly access: AccessControl,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const { max, perWorkspace, perKey } = config.eventStreams;
    this.slots = new EventStreamSlots({ max, perWorkspace, perKey });
  }

  /** How many streams are open (or being opened) in this process. */
  get size(): number {
    return this.slots.size;
  }

  /**
   * Takes a slot for the stream (or says why not) before anything is awaited, then finds where it starts: after the
   * event the client names, or now (the events visible now are recorded as sent, so that only what commits from now
   * on is sent). The slot is the caller's to give back (`cancel`) until `run`, then the stream's.
   */
  async prepare(request: StreamRequest): Promise<PendingStream | StreamRefusal> {
    const release = this.slots.take(request.workspaceId, request.keyId);
    if (typeof release === 'string') return release;
    try {
      const after = request.lastEventId ? await this.feed.positionOf(request.workspaceId, request.lastEventId) : null;
      const window = new EventStreamWindow(this.clock.now(), after);
      const stream = new EventStream(
        request.workspaceId,
        request.credential,
        this.clock.now().getTime(),
        request.types,
        window,
        this.feed,
        this.logger,
        (s) => {
          this.streams.delete(s);
          release();
          if (this.streams.size === 0) this.stopTimers();
        },
        async () => !(await this.access.refusedNow([request.credential], SCOPE)).has(request.credential),
      );
      if (!after) await stream.look(false);
      return {
        resumed: after !== null,
        run: (sink) => {
          this.streams.add(stream);
          this.startTimers();
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
    this.stopTimers();
  }

  /**
   * Ends the streams whose key an operation would now refuse, and retires those open EVENT_STREAM_MAX_SECONDS. When
   * the keys cannot be read (the database is out of reach) the streams stay open: they are checked again next time.
   */
  async guard(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const maxAgeMs = this.config.eventStreams.maxSeconds * 1000;
      const now = this.clock.now().getTime();
      for (const stream of this.streams) if (now - stream.openedAt >= maxAgeMs) stream.retire();
      const open = [...this.streams];
      if (open.length === 0) return;
      const refused = await this.access.refusedNow(
        open.map((s) => s.credential),
        SCOPE,
      );
      for (const stream of open) if (refused.has(stream.credential)) stream.end(ENDED_KEY_REFUSED);
    } catch (err) {
      this.logger.warn({ err }, 'The keys of the open event streams could not be checked; they will be checked again');
    } finally {
      this.checking = false;
    }
  }

  private startTimers(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => {
      for (const stream of this.streams) stream.heartbeat();
    }, this.config.eventStreams.heartbeatMs);
    this.heartbeatTimer.unref();
    this.guardTimer = setInterval(() => void this.guard(), this.config.eventStreams.keyCheckMs);
    this.guardTimer.unref();
  }

  private stopTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.guardTimer) clearInterval(this.guardTimer);
    this.heartbeatTimer = null;
    this.guardTimer = null;
  }
}
