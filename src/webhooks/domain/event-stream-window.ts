/**
 * What one event stream (`GET /v1/events/stream`, docs/adr/0067) has sent, and where its next look starts.
 *
 * Events are read in one order, (published_at, event_id). An event becomes visible when the relay's transaction
 * commits, but its `published_at` is that transaction's start: transactions that overlap commit out of order, so an
 * event may appear with a `published_at` a little older than one already sent. A look therefore starts
 * `RESUME_WINDOW_MS` before the newest instant sent and skips the ids it sent already.
 *
 * Below the **floor** nothing is ever sent again: a resumed stream's floor is the event the client names (it resumes
 * after it, never before), and when more than `maxKnown` ids are remembered the oldest are forgotten and the floor
 * rises past them, so a burst of any size in one instant is read once, in bounded pages, and never again.
 */
export const RESUME_WINDOW_MS = 5_000;

/** One published event, as far as the window cares. */
export interface Published {
  eventId: string;
  publishedAt: Date;
}

/** Where a look starts: at an instant (inclusive), or strictly after one event in (published_at, event_id) order. */
export type LookStart = { since: Date } | { after: Published };

/** Orders two events as the stream reads them: by published_at, then event_id. */
export function comparePublished(a: Published, b: Published): number {
  const dt = a.publishedAt.getTime() - b.publishedAt.getTime();
  if (dt !== 0) return dt;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

export class EventStreamWindow {
  /** id → published_at (ms), in the order they were recorded */
  private readonly known = new Map<string, number>();
  /** the newest published_at recorded, or the stream's start (ms) */
  private newest: number;
  /** nothing at or before it is sent (the resumed event, or the last id forgotten) */
  private floor: Published | null;

  /**
   * `from`: the instant a stream "from now" starts at; `after`: the event a resumed stream continues after (its floor).
   * `maxKnown`: ids remembered at most.
   */
  constructor(
    from: Date,
    after: Published | null = null,
    private readonly maxKnown = 2_000,
  ) {
    this.newest = after ? after.publishedAt.getTime() : from.getTime();
    this.floor = after;
  }

  /** Where the next look starts: after the floor when it is inside the window, else the window before the newest. */
  get start(): LookStart {
    const since = this.newest - RESUME_WINDOW_MS;
    if (this.floor && this.floor.publishedAt.getTime() >= since) return { after: this.floor };
    return { since: new Date(since) };
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
      if (this.floor && comparePublished(event, this.floor) <= 0) continue;
      fresh.push(event);
      this.known.set(event.eventId, event.publishedAt.getTime());
      if (event.publishedAt.getTime() > this.newest) this.newest = event.publishedAt.getTime();
      if (this.known.size > this.maxKnown) this.forgetOldest();
    }
    this.forgetOutside();
    return fresh;
  }

  /** Forgets the first id recorded, and raises the floor past it: it is never sent again. */
  private forgetOldest(): void {
    const [id, at] = this.known.entries().next().value!;
    this.known.delete(id);
    const forgotten = { eventId: id, publishedAt: new Date(at) };
    if (!this.floor || comparePublished(forgotten, this.floor) > 0) this.floor = forgotten;
  }

  /** Drops the ids older than the window: no look reads that far back. */
  private forgetOutside(): void {
    const before = this.newest - RESUME_WINDOW_MS;
    for (const [id, at] of this.known) if (at < before) this.known.delete(id);
  }
}
