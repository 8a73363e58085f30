/**
 * A count of requests held in memory with a ceiling (docs/adr/0036): past it a newcomer is refused at once
 * (the caller answers 503 with Retry-After) instead of joining a queue that would grow with the load.
 */
export class PendingLimit {
  private held = 0;

  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('the limit must be a whole number of at least 1');
  }

  /** Takes a place; false when all `limit` places are taken (nothing was taken then). */
  tryEnter(): boolean {
    if (this.held >= this.limit) return false;
    this.held++;
    return true;
  }

  /** Gives a place back (once per successful tryEnter). */
  leave(): void {
    if (this.held > 0) this.held--;
  }

  get size(): number {
    return this.held;
  }
}
