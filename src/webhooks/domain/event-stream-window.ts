/**
 * What one event stream (`GET /v1/events/stream`, docs/adr/0067) has sent, and from when it must look again.
 *
 * An event becomes visible when the relay's transaction commits, but its `published_at` is that transaction's start:
 * transactions that overlap commit out of order, so an event may appear with a `published_at` a little older than
 * one already sent. Each look therefore reads from `RESUME_WINDOW_MS` before the newest instant sent, and skips the
 * ids it sent already; ids older than that window are forgotten (they cannot come again), and at most `maxKnown`
 * are kept (past that the oldest go: one may be sent twice, which the client's own de-duplication absorbs).
 */
export const RESUME_WINDOW_MS = 5_000;

/** One published event, as far as the window cares. */
export interface Published {
  eventId: string;
  publishedAt: Date;
}

export class EventStreamWindow {
  /** id → published_at (ms), in the order they were recorded */
  private readonly known = new Map<string, number>();
  /** the newest published_at recorded, or the stream's start (ms) */
  private newest: number;

  /**
   * `from`: the instant the stream starts at (the resumed event's `published_at`, or now); `known`: ids the client
   * has already (the resumed event's id).
   */
  constructor(
    from: Date,
    known: readonly string[] = [],
    private readonly maxKnown = 10_000,
  ) {
    this.newest = from.getTime();
    for (const id of known) this.known.set(id, this.newest);
  }

  /** Where the next look starts: the window before the newest instant sent. */
  get since(): Date {
    return new Date(this.newest - RESUME_WINDOW_MS);
  }

  /** How many ids are remembered. */
  get size(): number {
    return this.known.size;
  }

  /**
   * Takes the events a look found (oldest first) and returns those not sent yet, in order, recording them as sent.
   * Recording without sending (`accept` whose result is dropped) is how a stream that starts "from now" learns what
   * it must not send: the events visible when it started.
   */
  accept<E extends Published>(found: readonly E[]): E[] {
    const fresh: E[] = [];
    for (const event of found) {
      if (this.known.has(event.eventId)) continue;
      fresh.push(event);
      this.known.set(event.eventId, event.publishedAt.getTime());
      if (event.publishedAt.getTime() > this.newest) this.newest = event.publishedAt.getTime();
    }
    this.forget();
    return fresh;
  }

  /** Drops the ids older than the window, then the first recorded past `maxKnown`. */
  private forget(): void {
    const before = this.newest - RESUME_WINDOW_MS;
    for (const [id, at] of this.known) if (at < before) this.known.delete(id);
    for (const id of this.known.keys()) {
      if (this.known.size <= this.maxKnown) break;
      this.known.delete(id);
    }
  }
}
