import type { SseEvent } from './sse.js';

/** The events `listen` holds by default between reading them and forwarding them (`--max-queue`, BIO_PAGE_LISTEN_QUEUE). */
export const DEFAULT_QUEUE_EVENTS = 1_000;
/** However many events that is, their data (JSON) holds at most this many characters: 16 Mi (an event larger passes alone). */
export const QUEUE_MAX_CHARS = 16 * 1024 * 1024;

/**
 * The events read from the stream and not yet forwarded, bounded (docs/adr/0067, amended for issue 46): the reader
 * pushes only while there is room and otherwise waits for it, without reading the stream meanwhile, so a slow receiver
 * holds the connection back instead of filling memory. One reader and one forwarder, each awaiting the other.
 */
export class ForwardQueue {
  private readonly items: SseEvent[] = [];
  private chars = 0;
  private closed = false;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly maxEvents: number,
    private readonly maxChars = QUEUE_MAX_CHARS,
  ) {
    if (!Number.isSafeInteger(maxEvents) || maxEvents < 1) throw new RangeError(`the queue holds at least 1 event, not ${maxEvents}`);
  }

  /** Events waiting. */
  get length(): number {
    return this.items.length;
  }

  /** Room for one more: under both bounds. An empty queue always has room, so that any event gets through. */
  get hasRoom(): boolean {
    return this.items.length === 0 || (this.items.length < this.maxEvents && this.chars < this.maxChars);
  }

  /** Adds an event; the reader asks `hasRoom` (or awaits `room()`) first: pushing into a full queue is a bug. */
  push(event: SseEvent): void {
    if (this.closed) return;
    if (!this.hasRoom) throw new Error('the forward queue is full');
    this.items.push(event);
    this.chars += event.data.length;
    this.notify();
  }

  /** The oldest event, waiting for one; undefined once the queue is closed and nothing is left. */
  async take(): Promise<SseEvent | undefined> {
    while (this.items.length === 0 && !this.closed) await this.changed();
    const event = this.items.shift();
    if (event) {
      this.chars -= event.data.length;
      this.notify();
    }
    return event;
  }

  /** Resolves once there is room for one more event, or the queue is closed. */
  async room(): Promise<void> {
    while (!this.hasRoom && !this.closed) await this.changed();
  }

  /** No more events come; `drop`: the waiting ones are forgotten too (Ctrl-C), else `take` hands them out first. */
  close(drop: boolean): void {
    this.closed = true;
    if (drop) {
      this.items.length = 0;
      this.chars = 0;
    }
    this.notify();
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private notify(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}
