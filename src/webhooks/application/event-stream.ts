import type { Logger } from '@nestjs/common';
import { EventStreamWindow } from '../domain/event-stream-window.js';
import { EventFeed, EventSignals, type EventSubscriber, type StreamedEvent } from './ports/event-stream.ports.js';

/** Where a stream's frames go (the HTTP response). */
export interface StreamSink {
  /** Writes text; false when the client has not read what came before (wait for `drained` before writing more). */
  write(text: string): boolean;
  /** Settles true once the client has read what was written; false when it went away or read nothing for too long. */
  drained(): Promise<boolean>;
  /** Ends the response. */
  end(): void;
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
/** The comments a stream ends with when the service ends it. */
export const ENDED_KEY_REFUSED = ': the API key that opened this stream is revoked, expired or no longer allowed; it ends\n\n';
export const ENDED_MAX_AGE = ': this stream has been open EVENT_STREAM_MAX_SECONDS; reconnect with Last-Event-ID\n\n';

/** Events one read takes at most: a look reads page after page, each after the last event of the one before. */
const PAGE = 200;

/** One open stream: what it has sent, and the looks that send the rest (docs/adr/0067). */
export class EventStream implements EventSubscriber {
  private looking: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private retiring = false;
  private sink: StreamSink | null = null;
  private unsubscribe: () => void = () => undefined;

  constructor(
    readonly workspaceId: string,
    readonly credential: string,
    readonly openedAt: number,
    private readonly types: readonly string[] | undefined,
    private readonly window: EventStreamWindow,
    private readonly feed: EventFeed,
    private readonly logger: Logger,
    private readonly onClosed: (stream: EventStream) => void,
    /** whether the stream's key is still allowed, as of a read that starts after the call */
    private readonly stillAllowed: () => Promise<boolean>,
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
    this.sink.write(KEEP_ALIVE); // a client that reads nothing is ended by the look waiting on it, not here
    this.wake(); // the backstop: a notification lost (or a listener still connecting) delays an event, no more
  }

  /** Ends the stream at once, with a last comment saying why. */
  end(note: string): void {
    if (this.closed) return;
    this.sink?.write(note);
    this.close();
  }

  /** Ends the stream after one more look (EVENT_STREAM_MAX_SECONDS): what committed until now is sent first. */
  retire(): void {
    if (this.closed || this.retiring) return;
    this.retiring = true;
    this.wake();
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
      return;
    }
    if (this.retiring) this.end(ENDED_MAX_AGE);
  }

  /**
   * Reads what was published since the window's start, page by page (each after the last event of the one before),
   * and sends (`send`) or only records what it has not sent. A client that has not read the page before is waited
   * for: at most one page and the socket's buffer are held, whatever the backlog.
   */
  async look(send: boolean): Promise<void> {
    let start = this.window.start;
    for (;;) {
      const found = await this.feed.publishedSince(this.workspaceId, start, this.types, PAGE);
      if (this.closed) return;
      const fresh = this.window.accept(found);
      // Checked after the read: a revocation that committed before these events did is seen, and none of them is sent.
      if (send && fresh.length > 0 && !(await this.stillAllowed())) return this.end(ENDED_KEY_REFUSED);
      if (this.closed) return;
      if (send) {
        for (const event of fresh) {
          if (this.sink!.write(eventFrame(event))) continue;
          if (!(await this.sink!.drained())) return this.close();
          if (this.closed) return;
        }
      }
      if (found.length < PAGE) return;
      start = { after: found[found.length - 1]! };
    }
  }
}
