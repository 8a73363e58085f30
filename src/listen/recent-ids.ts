/** The ids seen last, at most `max` of them (the oldest forgotten first): what `listen` de-duplicates with. */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly max = 10_000) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Records `id`; false when it was recorded already (a repeat). */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}
