import { describe, expect, it } from '@jest/globals';
import { LivePageCache } from './live-page-cache.js';

interface Page {
  slug: string;
  version: number;
}

/** A page store the cache loads from, counting its loads; `hold()` keeps the next loads pending until released. */
class Store {
  pages = new Map<string, Page>();
  loads = 0;
  private held: (() => void)[] | null = null;

  load = async (slug: string): Promise<Page | null> => {
    this.loads++;
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

  it('forgets everything and loads every time while suspended; resuming starts empty', async () => {
    const { store, cache } = setup();
    cache.resume();
    await cache.get('a');
    cache.suspend();
    expect(cache.size).toBe(0);
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
});
