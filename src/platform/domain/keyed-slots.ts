/**
 * Places held at once, with a ceiling in all (`all`) and one per holder along each named dimension (a workspace, an
 * API key, a client address). A place is taken before anything is awaited and given back exactly once, however often
 * its release is called. Only holders holding places are remembered, so memory is bounded by the ceiling in all.
 * `take` checks the ceilings in the order they were given and names the first one reached.
 */
export class KeyedSlots<D extends string> {
  private total = 0;
  private readonly held = new Map<D, Map<string, number>>();

  /** `limits`: each ceiling, `all` or a dimension, in the order they are checked. */
  constructor(private readonly limits: readonly (readonly [D | 'all', number])[]) {
    for (const [dimension] of limits) if (dimension !== 'all') this.held.set(dimension, new Map());
  }

  /** Places held now. */
  get size(): number {
    return this.total;
  }

  /** Places `holder` holds along `dimension`. */
  heldBy(dimension: D, holder: string): number {
    return this.held.get(dimension)?.get(holder) ?? 0;
  }

  /** A place for `holders` (one per dimension): the release (idempotent), or the ceiling that was reached. */
  take(holders: Readonly<Record<D, string>>): (() => void) | D | 'all' {
    for (const [dimension, limit] of this.limits) {
      const count = dimension === 'all' ? this.total : this.heldBy(dimension, holders[dimension]);
      if (count >= limit) return dimension;
    }
    this.total++;
    for (const [dimension, counts] of this.held) counts.set(holders[dimension], this.heldBy(dimension, holders[dimension]) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      for (const [dimension, counts] of this.held) {
        const left = this.heldBy(dimension, holders[dimension]) - 1;
        if (left > 0) counts.set(holders[dimension], left);
        else counts.delete(holders[dimension]);
      }
    };
  }
}
