import { LRUCache } from 'lru-cache';

/** How the cache keeps what it knows (docs/adr/0092, 0037). */
export interface LivePageCacheOptions<P> {
  /** slugs kept at most (pages and misses together); the least recently used go first */
  maxEntries: number;
  /** bytes kept at most (SITE_CACHE_MAX_BYTES), as `sizeOf` weighs them; the least recently used go first */
  maxBytes: number;
  /** what a page costs in memory (its data and what is kept beside it, such as its rendered document) */
  sizeOf: (page: P) => number;
  /** how long a slug that is no live page is remembered as a miss */
  missTtlMs: number;
  /** after this long a cached page is checked again in the background (the backstop to notifications) */
  recheckAfterMs: number;
  /** whether a load failed because the database is unreachable (then what is kept is served instead) */
  unavailable: (err: unknown) => boolean;
  /** whether the database is known to be unreachable right now (then what is kept is served without asking it) */
  databaseDown: () => boolean;
}

export const LIVE_PAGE_CACHE_DEFAULTS: LivePageCacheOptions<object> = {
  maxEntries: 10_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: () => 1,
  missTtlMs: 5_000,
  recheckAfterMs: 10_000,
  unavailable: () => false,
  databaseDown: () => false,
};

/** What a remembered miss weighs (its key and entry). */
const MISS_BYTES = 128;

interface Entry<P> {
  /** the live page, or null: a miss */
  page: P | null;
  loadedAt: number;
  /** the listening period it was loaded in: only an entry of the current one is served without a load */
  epoch: number;
  rechecking: boolean;
}

/**
 * The live pages of this process, by slug, as last loaded (and the slugs that are no live page, for a short
 * while), so that a view costs no database round trip. Bounded in bytes (`maxBytes`, as `sizeOf` weighs each
 * page with its rendered document) and in entries, the least recently used going first; a page heavier than
 * the whole budget is served and not kept.
 *
 * A page is served from memory without a load only while changes are heard (`listening`) and only if it was
 * loaded since they were last heard again (its `epoch`): each change drops its slug (`changed`); losing the
 * connection (`suspend`) and hearing again (`resume`) both start a new epoch, since changes may have been
 * missed in between. A page kept longer than `recheckAfterMs` is served as it is and loaded again in the
 * background, so a missed change cannot last.
 *
 * Serve-stale (docs/adr/0037): a page of an older epoch is not thrown away but kept for an outage. While the
 * database is known to be down it is served as it is (one background load per slug at a time probes for the
 * database's return); otherwise the page is loaded, and served as kept only if that load finds the database
 * unreachable. So during an outage a visitor may see a page as it was before a change this process did not hear;
 * a change it did hear (an edit, an unpublish, an archive) is never served stale, because `changed` dropped it.
 *
 * A load that was under way when a change arrived is not stored: it may have read the page before the
 * change was committed (every change or reset moves `generation`), nor shared with a view that arrives
 * after the change. Concurrent loads of one slug share one query.
 */
export class LivePageCache<P extends object> {
  private readonly entries: LRUCache<string, Entry<P>>;
  private readonly loading = new Map<string, { generation: number; page: Promise<P | null> }>();
  private readonly options: LivePageCacheOptions<P>;
  private generation = 0;
  private epoch = 0;
  private listening = false;

  constructor(
    private readonly load: (slug: string) => Promise<P | null>,
    options: Partial<LivePageCacheOptions<P>> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...(LIVE_PAGE_CACHE_DEFAULTS as LivePageCacheOptions<P>), ...options };
    const { sizeOf } = this.options;
    this.entries = new LRUCache<string, Entry<P>>({
      max: this.options.maxEntries,
      maxSize: this.options.maxBytes,
      sizeCalculation: (entry, slug) => Math.max(1, slug.length + (entry.page === null ? MISS_BYTES : sizeOf(entry.page))),
    });
  }

  /** The live page at `slug`, or null; from memory when the cache holds it (or when the database is down). */
  get(slug: string): Promise<P | null> {
    const entry = this.entries.get(slug);
    if (entry && this.listening && entry.epoch === this.epoch) {
      const age = this.now() - entry.loadedAt;
      if (entry.page === null) {
        if (age < this.options.missTtlMs) return Promise.resolve(null);
      } else {
        if (age >= this.options.recheckAfterMs) this.recheck(slug, entry);
        return Promise.resolve(entry.page);
      }
    }
    const kept = entry?.page ?? null;
    if (kept === null) return this.fetch(slug);
    if (this.options.databaseDown()) {
      this.recheck(slug, entry!);
      return Promise.resolve(kept);
    }
    return this.fetch(slug).catch((err: unknown) => {
      if (this.options.unavailable(err)) return kept;
      throw err;
    });
  }

  /** The slug's live page may have changed (another process may have changed it). */
  changed(slug: string): void {
    this.generation++;
    this.entries.delete(slug);
  }

  /** Any kept page may have changed: each is loaded again before it is served (kept ones still serve an outage). */
  changedAll(): void {
    this.generation++;
    this.epoch++;
  }

  /** Changes are heard (again): what is kept may have missed some, so it is loaded again before it is served. */
  resume(): void {
    this.generation++;
    this.epoch++;
    this.listening = true;
  }

  /** Changes are not heard: every view loads its page until `resume()`; what is kept serves only an outage. */
  suspend(): void {
    this.listening = false;
    this.generation++;
    this.epoch++;
  }

  /** Slugs kept. */
  get size(): number {
    return this.entries.size;
  }

  /** What the kept entries weigh, in `sizeOf`'s bytes. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Loads `slug` again in the background, at most once at a time per entry; the entry is served meanwhile. */
  private recheck(slug: string, entry: Entry<P>): void {
    if (entry.rechecking) return;
    entry.rechecking = true;
    // A successful check replaces the entry; a failed one leaves it to be checked on a later view.
    this.fetch(slug)
      .catch(() => undefined)
      .finally(() => (entry.rechecking = false));
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
        if (generation === this.generation) this.entries.set(slug, { page, loadedAt, epoch: this.epoch, rechecking: false });
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
