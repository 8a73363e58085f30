import { LRUCache } from 'lru-cache';

/** How long the cache keeps what it knows (docs/adr/0030). */
export interface LivePageCacheOptions {
  /** slugs kept at most (pages and misses together); the least recently used go first */
  maxEntries: number;
  /** how long a slug that is no live page is remembered as a miss */
  missTtlMs: number;
  /** after this long a cached page is checked again in the background (the backstop to notifications) */
  recheckAfterMs: number;
}

export const LIVE_PAGE_CACHE_DEFAULTS: LivePageCacheOptions = { maxEntries: 10_000, missTtlMs: 5_000, recheckAfterMs: 10_000 };

interface Entry<P> {
  /** the live page, or null: a miss */
  page: P | null;
  loadedAt: number;
  rechecking: boolean;
}

/**
 * The live pages of this process, by slug, as last loaded (and the slugs that are no live page, for a short
 * while), so that a view costs no database round trip. It is only used while changes are heard
 * (`listening`): each change drops its slug (`changed`), losing the connection empties it and turns it off,
 * and hearing again empties it once more (changes may have been missed in between). A page kept longer than
 * `recheckAfterMs` is served as it is and loaded again in the background, so a missed change cannot last.
 *
 * A load that was under way when a change arrived is not stored: it may have read the page before the
 * change was committed (every change or reset moves `generation`), nor shared with a view that arrives
 * after the change. Concurrent loads of one slug share one query.
 */
export class LivePageCache<P extends object> {
  private readonly entries: LRUCache<string, Entry<P>>;
  private readonly loading = new Map<string, { generation: number; page: Promise<P | null> }>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly load: (slug: string) => Promise<P | null>,
    private readonly options: LivePageCacheOptions = LIVE_PAGE_CACHE_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, Entry<P>>({ max: options.maxEntries });
  }

  /** The live page at `slug`, or null; from memory when the cache holds it. */
  get(slug: string): Promise<P | null> {
    if (!this.listening) return this.load(slug);
    const entry = this.entries.get(slug);
    if (entry) {
      const age = this.now() - entry.loadedAt;
      if (entry.page === null) {
        if (age < this.options.missTtlMs) return Promise.resolve(null);
      } else {
        if (age >= this.options.recheckAfterMs && !entry.rechecking) {
          entry.rechecking = true;
          // Served as it is meanwhile; a failed check leaves the entry to be checked on a later view.
          this.fetch(slug).catch(() => (entry.rechecking = false));
        }
        return Promise.resolve(entry.page);
      }
    }
    return this.fetch(slug);
  }

  /** The slug's live page may have changed (another process may have changed it). */
  changed(slug: string): void {
    this.generation++;
    this.entries.delete(slug);
  }

  /** Changes are heard (again): start from nothing, since changes may have been missed. */
  resume(): void {
    this.generation++;
    this.entries.clear();
    this.listening = true;
  }

  /** Changes are not heard: forget everything and load every page until `resume()`. */
  suspend(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private fetch(slug: string): Promise<P | null> {
    const generation = this.generation;
    const pending = this.loading.get(slug);
    // A load started before the latest change may hold what the change replaced: it is not shared.
    if (pending?.generation === generation) return pending.page;
    const loadedAt = this.now();
    const loaded = this.load(slug).then(
      (page) => {
        if (this.loading.get(slug)?.page === loaded) this.loading.delete(slug);
        if (this.listening && generation === this.generation) this.entries.set(slug, { page, loadedAt, rechecking: false });
        return page;
      },
      (err: unknown) => {
        if (this.loading.get(slug)?.page === loaded) this.loading.delete(slug);
        throw err;
      },
    );
    this.loading.set(slug, { generation, page: loaded });
    return loaded;
  }
}
