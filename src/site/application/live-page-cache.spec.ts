import { describe, expect, it } from '@jest/globals';
import { LivePageCache } from './live-page-cache.js';

interface Page {
  slug: string;
  version: number;
  /** what it weighs in memory (the cache's sizeOf) */
  bytes?: number;
}

const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A page store the cache loads from, counting its loads; `hold()` keeps the next loads pending until released. */
class Store {
  pages = new Map<string, Page>();
  loads = 0;
  /** the database is unreachable: every load fails as pg's would */
  down = false;
  private held: (() => void)[] | null = null;

  load = async (slug: string): Promise<Page | null> => {
    this.loads++;
    if (this.down) throw unreachable();
    const page = this.pages.get(slug) ?? null;
    const snapshot = page ? { ...page } : null;
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    return snapshot;
  };

  hold(): void {
    this.held = [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const go of held) go();
  }
}

function setup() {
  const store = new Store();
  let now = 1_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const cache = new LivePageCache(store.load, { maxEntries: 3, missTtlMs: 5_000, recheckAfterMs: 10_000 }, clock.now);
  store.pages.set('a', { slug: 'a', version: 1 });
  return { store, clock, cache };
}

describe('LivePageCache', () => {
  it('loads every time until changes are heard, then serves from memory', async () => {
    const { store, cache } = setup();
    await cache.get('a');
    await cache.get('a');
    expect(store.loads).toBe(2);
    cache.resume();
    const first = await cache.get('a');
    const second = await cache.get('a');
    expect(store.loads).toBe(3);
    expect(second).toBe(first);
  });

  it('drops a slug on a change, and only that slug', async () => {
    const { store, cache } = setup();
    store.pages.set('b', { slug: 'b', version: 1 });
    cache.resume();
    await cache.get('a');
    await cache.get('b');
    store.pages.set('a', { slug: 'a', version: 2 });
    cache.changed('a');
    expect(await cache.get('a')).toEqual({ slug: 'a', version: 2 });
    await cache.get('b');
    expect(store.loads).toBe(3);
  });

  it('remembers a miss for missTtlMs only', async () => {
    const { store, clock, cache } = setup();
    cache.resume();
    expect(await cache.get('nope')).toBeNull();
    expect(await cache.get('nope')).toBeNull();
    expect(store.loads).toBe(1);
    clock.advance(5_000);
    expect(await cache.get('nope')).toBeNull();
    expect(store.loads).toBe(2);
  });

  it('a change drops a remembered miss (a page published at that slug shows at once)', async () => {
    const { store, cache } = setup();
    cache.resume();
    expect(await cache.get('new')).toBeNull();
    store.pages.set('new', { slug: 'new', version: 1 });
    cache.changed('new');
    expect(await cache.get('new')).toEqual({ slug: 'new', version: 1 });
  });

  it('shares one load between concurrent views of a slug', async () => {
    const { store, cache } = setup();
    cache.resume();
    const pages = await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
    expect(store.loads).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  it('does not keep, nor share, a load that a change overtook', async () => {
    const { store, cache } = setup();
    cache.resume();
    store.hold();
    const stale = cache.get('a'); // reads version 1, answers later
    store.pages.set('a', { slug: 'a', version: 2 });
    cache.changed('a');
    const fresh = cache.get('a'); // after the change: a load of its own
    store.release();
    expect(await stale).toEqual({ slug: 'a', version: 1 });
    expect(await fresh).toEqual({ slug: 'a', version: 2 });
    expect(await cache.get('a')).toEqual({ slug: 'a', version: 2 });
    expect(store.loads).toBe(2);
  });

  it('rechecks an old entry in the background while serving it', async () => {
    const { store, clock, cache } = setup();
    cache.resume();
    await cache.get('a');
    store.pages.set('a', { slug: 'a', version: 2 }); // a change whose notification was lost
    clock.advance(10_000);
    expect(await cache.get('a')).toEqual({ slug: 'a', version: 1 });
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('a')).toEqual({ slug: 'a', version: 2 });
    expect(store.loads).toBe(2);
  });

  it('loads every time while suspended (keeping what it had only for an outage); resuming serves nothing it had', async () => {
    const { store, cache } = setup();
    cache.resume();
    await cache.get('a');
    cache.suspend();
    expect(cache.size).toBe(1);
    await cache.get('a');
    await cache.get('a');
    expect(store.loads).toBe(3);
    cache.resume();
    await cache.get('a');
    await cache.get('a');
    expect(store.loads).toBe(4);
  });

  it('keeps at most maxEntries slugs, the least recently used going first', async () => {
    const { store, cache } = setup();
    for (const s of ['b', 'c', 'd']) store.pages.set(s, { slug: s, version: 1 });
    cache.resume();
    for (const s of ['a', 'b', 'c', 'd']) await cache.get(s);
    expect(cache.size).toBe(3);
    await cache.get('a');
    expect(store.loads).toBe(5);
  });

  describe('bounded in bytes', () => {
    function weighed() {
      const store = new Store();
      const cache = new LivePageCache(store.load, {
        maxEntries: 100,
        maxBytes: 1_000,
        sizeOf: (p: Page) => p.bytes ?? 0,
        missTtlMs: 5_000,
        recheckAfterMs: 10_000,
      });
      cache.resume();
      return { store, cache };
    }

    it('keeps at most maxBytes of pages, the least recently used going first', async () => {
      const { store, cache } = weighed();
      for (const s of ['a', 'b', 'c', 'd']) store.pages.set(s, { slug: s, version: 1, bytes: 300 });
      for (const s of ['a', 'b', 'c']) await cache.get(s);
      expect(cache.size).toBe(3);
      await cache.get('a'); // a is now the most recently used
      await cache.get('d'); // 4 × 300 > 1,000: b goes
      expect(cache.size).toBe(3);
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
      const loads = store.loads;
      await cache.get('a');
      await cache.get('c');
      await cache.get('d');
      expect(store.loads).toBe(loads);
      await cache.get('b');
      expect(store.loads).toBe(loads + 1);
    });

    it('serves a page heavier than the whole budget without keeping it, and keeps the others', async () => {
      const { store, cache } = weighed();
      store.pages.set('small', { slug: 'small', version: 1, bytes: 100 });
      store.pages.set('huge', { slug: 'huge', version: 1, bytes: 5_000 });
      await cache.get('small');
      expect(await cache.get('huge')).toEqual({ slug: 'huge', version: 1, bytes: 5_000 });
      expect(await cache.get('huge')).toEqual({ slug: 'huge', version: 1, bytes: 5_000 });
      expect(store.loads).toBe(3);
      expect(cache.size).toBe(1);
      await cache.get('small');
      expect(store.loads).toBe(3);
    });
  });

  describe('while the database is unreachable (serve-stale)', () => {
    function outage() {
      const store = new Store();
      let down = false;
      const cache = new LivePageCache(store.load, {
        maxEntries: 100,
        missTtlMs: 5_000,
        recheckAfterMs: 10_000,
        unavailable: (err) => (err as { code?: string }).code === 'ECONNREFUSED',
        databaseDown: () => down,
      });
      store.pages.set('a', { slug: 'a', version: 1 });
      store.pages.set('b', { slug: 'b', version: 1 });
      cache.resume();
      return { store, cache, known: (d: boolean) => (down = d) };
    }

    it('serves a kept page when its load finds the database unreachable (the listener lost too), and only a kept one', async () => {
      const { store, cache } = outage();
      await cache.get('a');
      cache.suspend(); // the LISTEN connection went first
      store.down = true;
      expect(await cache.get('a')).toEqual({ slug: 'a', version: 1 });
      await expect(cache.get('b')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(cache.get('nothing-here')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    });

    it('serves a kept page without asking once the outage is known, probing once at a time in the background', async () => {
      const { store, cache, known } = outage();
      await cache.get('a');
      cache.suspend();
      store.down = true;
      known(true);
      store.hold();
      const served = await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
      expect(served).toEqual([
        { slug: 'a', version: 1 },
        { slug: 'a', version: 1 },
        { slug: 'a', version: 1 },
      ]);
      expect(store.loads).toBe(2); // the first view, and one background probe for the three outage views
      store.release();
    });

    it('never serves stale a page whose change it heard (an unpublish, an edit)', async () => {
      const { store, cache, known } = outage();
      await cache.get('a');
      cache.changed('a');
      cache.suspend();
      store.down = true;
      known(true);
      await expect(cache.get('a')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    });

    it('once the database is back, loads a kept page again before serving it (changes may have been missed)', async () => {
      const { store, cache, known } = outage();
      await cache.get('a');
      cache.suspend();
      store.down = true;
      known(true);
      expect(await cache.get('a')).toEqual({ slug: 'a', version: 1 });
      store.pages.set('a', { slug: 'a', version: 2 }); // changed where this process could not hear it
      store.down = false;
      known(false);
      cache.resume();
      expect(await cache.get('a')).toEqual({ slug: 'a', version: 2 });
    });
  });
});
