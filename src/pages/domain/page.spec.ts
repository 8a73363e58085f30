import { describe, expect, it } from '@jest/globals';
import { Page, type NewBlock } from './page.js';

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function aPage() {
  return Page.create({ id: 'pg_1', workspaceId: 'ws_1', title: 'My links', slug: 'my-links', now: t0 });
}
const link = (id: string, title = id): NewBlock => ({ id, kind: 'LINK', data: { url: `https://example.com/${id}`, title }, file: null });
const ids = (p: Page) => p.snapshot().draftBlocks.map((b) => b.id);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string; errors?: unknown }).code;
  }
  return 'no error';
};
const pointersOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return ((e as { errors?: { pointer: string }[] }).errors ?? []).map((x) => x.pointer);
  }
  return [];
};

describe('Page: creation', () => {
  it('starts as an unpublished DRAFT with defaults', () => {
    const s = aPage().snapshot();
    expect(s).toMatchObject({
      status: 'DRAFT',
      title: 'My links',
      description: '',
      locale: 'en',
      theme: 'classic',
      draftBlocks: [],
      liveBlocks: null,
      scheduledPublishAt: null,
    });
    expect(s.draftUpdatedAt).toEqual(t0);
    expect(aPage().isLive()).toBe(false);
  });

  it('validates title, description, locale and theme with JSON pointers', () => {
    expect(pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title: ' ', slug: 's', now: t0 }))).toEqual(['/title']);
    expect(pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title: 'x'.repeat(121), slug: 's', now: t0 }))).toEqual(['/title']);
    expect(
      pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title: 'a', description: 'x'.repeat(501), slug: 's', now: t0 })),
    ).toEqual(['/description']);
    for (const title of ['My\u0000page', 'My\npage', 'evil\u202Etxt', 'zero\u200Bwidth', '\u2066isolated\u2069'])
      expect(pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title, slug: 's', now: t0 }))).toEqual(['/title']);
    expect(
      Page.create({ id: 'p', workspaceId: 'w', title: 'Coding 👩‍💻', description: 'two\nlines', slug: 's', now: t0 }).snapshot(),
    ).toMatchObject({
      title: 'Coding 👩‍💻',
      description: 'two\nlines',
    });
    expect(pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title: 'a', description: 'a\u202Eb', slug: 's', now: t0 }))).toEqual([
      '/description',
    ]);
    expect(pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title: 'a', locale: 'english!', slug: 's', now: t0 }))).toEqual([
      '/locale',
    ]);
    expect(pointersOf(() => Page.create({ id: 'p', workspaceId: 'w', title: 'a', themePresetKey: 'neon', slug: 's', now: t0 }))).toEqual([
      '/theme_preset_key',
    ]);
  });
});

describe('Page: every bad field at once (docs/adr/0071)', () => {
  it('reports every bad field of a creation, not only the first', () => {
    expect(
      pointersOf(() =>
        Page.create({
          id: 'p',
          workspaceId: 'w',
          title: ' ',
          description: 'a\u202Eb',
          locale: 'english!',
          themePresetKey: 'neon',
          slug: 's',
          now: t0,
        }),
      ),
    ).toEqual(['/title', '/description', '/locale', '/theme_preset_key']);
  });

  it('reports every bad part of an edit, and changes nothing', () => {
    const p = aPage();
    p.addBlock(link('a'), t0);
    const before = p.snapshot();
    expect(
      pointersOf(() =>
        p.edit(
          {
            title: '',
            themePresetKey: 'neon',
            slug: 'A',
            blockUpdates: [{ blockId: 'a', data: { url: 'nope' } }, { blockId: 'zzz' }],
            blockOrder: ['a', 'a'],
          },
          at(1),
        ),
      ),
    ).toEqual(['/title', '/theme_preset_key', '/slug', '/block_updates/0/data/url', '/block_updates/1/block_id', '/block_order']);
    expect(p.snapshot()).toEqual(before);
  });

  it('reports every bad field of a new block: its file, its file name and its data', () => {
    const p = aPage();
    expect(
      pointersOf(() => p.addBlock({ id: 'x', kind: 'TEXT', data: { text: '', colour: 'red' }, file: null, fileName: 'a.txt' }, t0)),
    ).toEqual(['/file_name', '/data/colour', '/data/text']);
    expect(pointersOf(() => p.addBlock({ id: 'x', kind: 'IMAGE', data: { alt: 5 }, file: null, fileName: ' ' }, t0))).toEqual([
      '/file_url',
      '/file_name',
      '/data/alt',
    ]);
  });
});

describe('Page: the concurrency stamp', () => {
  it('moves strictly forward on every write, even within one millisecond', () => {
    const p = aPage();
    p.addBlock(link('a'), t0);
    const s1 = p.stamp;
    p.addBlock(link('b'), t0);
    const s2 = p.stamp;
    p.edit({ title: 'New' }, at(-5_000)); // a clock that went backwards
    expect(s1.getTime()).toBeGreaterThan(t0.getTime());
    expect(s2.getTime()).toBeGreaterThan(s1.getTime());
    expect(p.stamp.getTime()).toBeGreaterThan(s2.getTime());
  });

  it('accepts only the current stamp', () => {
    const p = aPage();
    expect(() => p.assertFresh(new Date(t0.getTime()))).not.toThrow();
    expect(codeOf(() => p.assertFresh(at(1)))).toBe('stale_snapshot');
  });

  it('does not move for an edit that changes nothing', () => {
    const p = aPage();
    p.edit({}, at(10));
    expect(p.stamp).toEqual(t0);
  });
});

describe('Page: blocks', () => {
  it('appends blocks, enabled, keeping existing ones unchanged', () => {
    const p = aPage();
    p.addBlock(link('a'), at(1));
    const before = p.snapshot().draftBlocks[0];
    p.addBlock(link('b'), at(2));
    expect(ids(p)).toEqual(['a', 'b']);
    expect(p.snapshot().draftBlocks[0]).toEqual(before);
    expect(p.snapshot().draftBlocks[1]).toMatchObject({ enabled: true, kind: 'LINK', fileUrl: null });
  });

  it('reorders only by a permutation of every block id', () => {
    const p = aPage();
    ['a', 'b', 'c'].forEach((id, i) => p.addBlock(link(id), at(i)));
    p.edit({ blockOrder: ['c', 'a', 'b'] }, at(10));
    expect(ids(p)).toEqual(['c', 'a', 'b']);
    for (const bad of [['a', 'b'], ['a', 'b', 'c', 'c'], ['a', 'b', 'x'], ['a', 'a', 'b'], []]) {
      expect(pointersOf(() => p.edit({ blockOrder: bad }, at(20)))).toEqual(['/block_order']);
    }
    expect(ids(p)).toEqual(['c', 'a', 'b']);
  });

  it('refuses to remove the last remaining block, and reports an unknown block as not found', () => {
    const p = aPage();
    p.addBlock(link('a'), at(1));
    p.addBlock(link('b'), at(2));
    p.removeBlock('a', at(3));
    expect(ids(p)).toEqual(['b']);
    expect(codeOf(() => p.removeBlock('b', at(4)))).toBe('last_block_required');
    expect(codeOf(() => p.removeBlock('zzz', at(4)))).toBe('resource_not_found');
  });

  it('validates data per kind, strictly, with pointers into the body', () => {
    const p = aPage();
    expect(pointersOf(() => p.addBlock({ id: 'x', kind: 'LINK', data: { url: 'ftp://x', title: '' }, file: null }, t0)).sort()).toEqual([
      '/data/title',
      '/data/url',
    ]);
    expect(
      pointersOf(() => p.addBlock({ id: 'x', kind: 'LINK', data: { url: 'https://a.b', title: 'A', colour: 'red' }, file: null }, t0)),
    ).toEqual(['/data/colour']);
    expect(pointersOf(() => p.addBlock({ id: 'x', kind: 'BANNER', data: {}, file: null }, t0))).toEqual(['/kind']);
    expect(pointersOf(() => p.addBlock({ id: 'x', kind: 'IMAGE', data: {}, file: null }, t0))).toEqual(['/file_url']);
    expect(
      pointersOf(() =>
        p.addBlock({ id: 'x', kind: 'TEXT', data: { text: 'hi' }, file: { publicPath: '/files/f/a.png', name: 'a.png' } }, t0),
      ),
    ).toEqual(['/file_url']);
    expect(pointersOf(() => p.addBlock({ id: 'x', kind: 'TIP', data: { currency: 'USD' }, file: null }, t0))).toEqual(['/data/currency']);
    expect(pointersOf(() => p.addBlock({ id: 'x', kind: 'TEXT', data: { text: 'x'.repeat(5000) + '' }, file: null }, t0))).toEqual([]);
    expect(pointersOf(() => p.addBlock({ id: 'y', kind: 'HEADER', data: [], file: null }, t0))).toEqual(['/data']);
  });

  it('derives labels from data or the file name', () => {
    const p = aPage();
    const img = p.addBlock({ id: 'i', kind: 'IMAGE', data: {}, file: { publicPath: '/files/f/cat.png', name: 'cat.png' } }, t0);
    const file = p.addBlock(
      {
        id: 'f',
        kind: 'FILE',
        data: { gated: true },
        file: { publicPath: '/files/g/guide.pdf', name: 'guide.pdf' },
        fileName: 'Free guide',
      },
      t0,
    );
    expect(img).toMatchObject({ fileUrl: '/files/f/cat.png', fileName: 'cat.png' });
    expect(file.fileName).toBe('Free guide');
  });

  it('caps a page at 100 blocks', () => {
    const p = aPage();
    for (let i = 0; i < 100; i++) p.addBlock(link(`b${i}`), t0);
    expect(pointersOf(() => p.addBlock(link('one-too-many'), t0))).toEqual(['']);
  });

  it('merge-patches block data and re-validates it; a failing edit changes nothing', () => {
    const p = aPage();
    p.addBlock({ id: 'a', kind: 'LINK', data: { url: 'https://a.example', title: 'A', description: 'd' }, file: null }, t0);
    p.edit({ blockUpdates: [{ blockId: 'a', data: { title: 'A2', description: null }, enabled: false }] }, at(1));
    // Stored normalized (new URL(url).href, decisions.md "The live site under load and abuse").
    expect(p.snapshot().draftBlocks[0]).toMatchObject({ data: { url: 'https://a.example/', title: 'A2' }, enabled: false });
    const stamp = p.stamp;
    expect(pointersOf(() => p.edit({ title: 'Changed', blockUpdates: [{ blockId: 'a', data: { url: 'nope' } }] }, at(2)))).toEqual([
      '/block_updates/0/data/url',
    ]);
    expect(pointersOf(() => p.edit({ blockUpdates: [{ blockId: 'missing', data: {} }] }, at(2)))).toEqual(['/block_updates/0/block_id']);
    expect(p.snapshot().title).toBe('My links');
    expect(p.stamp).toEqual(stamp);
  });
});

describe('Page: draft and live', () => {
  it('keeps block data and order in the draft until publish', () => {
    const p = aPage();
    p.addBlock(link('a', 'First'), at(1));
    p.addBlock(link('b', 'Second'), at(2));
    p.publish(at(3));
    expect(p.snapshot().liveBlocks!.map((b) => b.id)).toEqual(['a', 'b']);

    p.edit({ blockOrder: ['b', 'a'], blockUpdates: [{ blockId: 'a', data: { title: 'Edited' } }] }, at(4));
    p.addBlock(link('c'), at(5));
    const live = p.snapshot().liveBlocks!;
    expect(live.map((b) => b.id)).toEqual(['a', 'b']);
    expect(live[0]!.data.title).toBe('First');
    expect(p.snapshot().liveUpdatedAt).toEqual(at(3));

    p.publish(at(6));
    expect(p.snapshot().liveBlocks!.map((b) => b.id)).toEqual(['b', 'a', 'c']);
    expect(p.snapshot().liveBlocks![1]!.data.title).toBe('Edited');
  });

  it('applies a title, description or theme change to the live page at once', () => {
    const p = aPage();
    p.publish(at(1));
    p.edit({ title: 'Renamed', description: 'About me', themePresetKey: 'midnight' }, at(2));
    const s = p.snapshot();
    expect(s).toMatchObject({ title: 'Renamed', description: 'About me', theme: 'midnight', status: 'PUBLISHED' });
    expect(s.liveUpdatedAt).toEqual(at(2));
  });

  it('publishes an empty page, records PagePublished and routes it', () => {
    const p = aPage();
    p.publish(at(7));
    expect(p.isLive()).toBe(true);
    expect(p.pullEvents()).toEqual([
      { type: 'PagePublished', pageId: 'pg_1', workspaceId: 'ws_1', title: 'My links', slug: 'my-links', publishedAt: at(7) },
    ]);
    expect(p.pullEvents()).toEqual([]);
  });

  it('archives (offline, schedule cancelled) and re-publishes', () => {
    const p = aPage();
    p.addBlock(link('a'), at(1));
    p.publish(at(2));
    p.schedulePublish(at(60_000), at(3));
    p.archive(at(4));
    expect(p.snapshot()).toMatchObject({ status: 'ARCHIVED', scheduledPublishAt: null });
    expect(p.isLive()).toBe(false);
    const stamp = p.stamp;
    p.archive(at(5));
    expect(p.stamp).toEqual(stamp); // archiving again changes nothing
    p.pullEvents();
    p.publish(at(6));
    expect(p.snapshot().status).toBe('PUBLISHED');
    expect(p.pullEvents()).toHaveLength(1);
  });
});

describe('Page: scheduled publish', () => {
  it('stores a future schedule; the publish it leads to goes live, clears it and records PagePublished once', () => {
    const p = aPage();
    p.schedulePublish(at(10_000), t0);
    expect(p.snapshot().scheduledPublishAt).toEqual(at(10_000));
    expect(p.isLive()).toBe(false);
    // Once the schedule is due, the scheduler's FireDueSchedulesCommand calls this publish (test/integration/platform/handlers.test.ts).
    p.publish(at(10_050));
    expect(p.isLive()).toBe(true);
    expect(p.snapshot().scheduledPublishAt).toBeNull();
    expect(p.pullEvents()).toEqual([expect.objectContaining({ type: 'PagePublished', publishedAt: at(10_050) })]);
    expect(p.pullEvents()).toEqual([]);
  });

  it('replaces a pending schedule with a new one, and cancels it on an immediate publish', () => {
    const p = aPage();
    p.schedulePublish(at(10_000), t0);
    p.schedulePublish(at(20_000), at(1));
    expect(p.snapshot().scheduledPublishAt).toEqual(at(20_000));
    expect(p.isLive()).toBe(false);
    p.publish(at(16_000));
    expect(p.snapshot().scheduledPublishAt).toBeNull();
  });

  it('refuses a past or a too-distant start', () => {
    const p = aPage();
    expect(pointersOf(() => p.schedulePublish(t0, t0))).toEqual(['/starts_at']);
    expect(pointersOf(() => p.schedulePublish(at(400 * 24 * 3600 * 1000), t0))).toEqual(['/starts_at']);
  });
});

describe('Page: calling a schedule off (operation 25, docs/adr/0070)', () => {
  it('clears the pending schedule, moves the stamp, leaves draft and live alone and records PageScheduleCancelled', () => {
    const p = aPage();
    p.addBlock(link('a'), at(1));
    p.publish(at(2));
    p.addBlock(link('b'), at(3));
    p.schedulePublish(at(60_000), at(4));
    p.pullEvents();
    const before = p.snapshot();
    p.cancelSchedule(at(5));
    const after = p.snapshot();
    expect(after.scheduledPublishAt).toBeNull();
    expect(after.draftUpdatedAt.getTime()).toBeGreaterThan(before.draftUpdatedAt.getTime());
    expect({ ...after, draftUpdatedAt: null, scheduledPublishAt: null }).toEqual({
      ...before,
      draftUpdatedAt: null,
      scheduledPublishAt: null,
    });
    expect(p.isLive()).toBe(true);
    expect(p.pullEvents()).toEqual([
      { type: 'PageScheduleCancelled', pageId: 'pg_1', workspaceId: 'ws_1', scheduledFor: at(60_000), cancelledAt: at(5) },
    ]);
  });

  it('refuses with resource_not_found when nothing is scheduled: never, a second time, after it fired, or after an archive', () => {
    const never = aPage();
    expect(codeOf(() => never.cancelSchedule(at(1)))).toBe('resource_not_found');
    const twice = aPage();
    twice.schedulePublish(at(60_000), at(1));
    twice.cancelSchedule(at(2));
    const stamp = twice.stamp;
    expect(codeOf(() => twice.cancelSchedule(at(3)))).toBe('resource_not_found');
    expect(twice.stamp).toEqual(stamp); // a refusal changes nothing
    const fired = aPage();
    fired.schedulePublish(at(60_000), at(1));
    fired.publish(at(60_001));
    expect(codeOf(() => fired.cancelSchedule(at(60_002)))).toBe('resource_not_found');
    const archived = aPage();
    archived.schedulePublish(at(60_000), at(1));
    archived.archive(at(2));
    expect(codeOf(() => archived.cancelSchedule(at(3)))).toBe('resource_not_found');
  });

  it('may call off a schedule whose time has come while it has not fired yet: nothing went live', () => {
    const p = aPage();
    p.schedulePublish(at(10_000), t0);
    p.cancelSchedule(at(10_500));
    expect(p.snapshot()).toMatchObject({ scheduledPublishAt: null, status: 'DRAFT', liveBlocks: null });
  });
});

describe('Page: preview links (docs/adr/0062)', () => {
  it('starts at preview epoch 0; archiving moves it once, and publishing again does not move it back', () => {
    const p = aPage();
    expect(p.snapshot().previewEpoch).toBe(0);
    p.addBlock(link('a'), at(1));
    p.publish(at(2));
    expect(p.snapshot().previewEpoch).toBe(0);
    p.archive(at(3));
    expect(p.snapshot().previewEpoch).toBe(1);
    p.archive(at(4)); // archiving an archived page changes nothing
    expect(p.snapshot().previewEpoch).toBe(1);
    p.publish(at(5));
    expect(p.snapshot().previewEpoch).toBe(1);
    p.archive(at(6));
    expect(p.snapshot().previewEpoch).toBe(2);
  });

  it('revokes by moving the epoch, without touching the draft, its stamp or the live page', () => {
    const p = aPage();
    p.addBlock(link('a'), at(1));
    p.publish(at(2));
    p.pullEvents();
    const before = p.snapshot();
    p.revokePreviewLinks();
    p.revokePreviewLinks();
    expect(p.snapshot()).toEqual({ ...before, previewEpoch: 2 });
    expect(p.stamp).toEqual(before.draftUpdatedAt);
    expect(p.pullEvents()).toEqual([]);
  });

  it('refuses to move past the highest epoch a token can carry', () => {
    const p = Page.restore({ ...aPage().snapshot(), previewEpoch: 2_147_483_647 });
    expect(() => p.revokePreviewLinks()).toThrow(/cannot pass/);
    expect(p.snapshot().previewEpoch).toBe(2_147_483_647);
  });
});

describe('Page: snapshots are copies', () => {
  it('shares no block data with what it was restored from or what it hands out, "__proto__" keys included', () => {
    const state = aPage().snapshot();
    const data = JSON.parse('{"url":"https://example.com/a","title":"A","nested":{"list":[1,{"x":2}]},"__proto__":{"polluted":true}}');
    const page = Page.restore({
      ...state,
      draftBlocks: [{ id: 'blk_1', kind: 'LINK', enabled: true, data, fileUrl: null, fileName: null }],
    });
    data.nested.list[1].x = 99;
    const out = page.snapshot().draftBlocks[0]!.data as Record<string, unknown> & { nested: { list: [number, { x: number }] } };
    expect(out.nested.list[1].x).toBe(2);
    out.nested.list[1].x = 7;
    expect((page.snapshot().draftBlocks[0]!.data as typeof out).nested.list[1].x).toBe(2);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Page: its slug', () => {
  it('changes only when asked, never with the title', () => {
    const p = aPage();
    p.edit({ title: 'Jane Doe' }, at(1));
    expect(p.snapshot().slug).toBe('my-links');
    expect(p.pullEvents()).toEqual([]);
  });

  it('takes a chosen slug that has the right shape; a bad one is a 400 at /slug and changes nothing', () => {
    const p = aPage();
    for (const bad of ['My-Links', 'ab', 'docs', 'a--b']) {
      expect(pointersOf(() => p.edit({ title: 'Changed', slug: bad }, at(1)))).toEqual(['/slug']);
      expect(p.snapshot().title).toBe('My links');
    }
    p.edit({ slug: 'jane' }, at(2));
    expect(p.snapshot().slug).toBe('jane');
  });

  it("records the change; a live page's old slug is reserved for 90 days, a draft's is free at once", () => {
    const draft = aPage();
    draft.edit({ slug: 'jane' }, at(1));
    expect(draft.pullEvents()).toEqual([
      expect.objectContaining({ type: 'PageSlugChanged', from: 'my-links', to: 'jane', changedAt: at(1), reservedUntil: null }),
    ]);
    const live = aPage();
    live.publish(at(1));
    live.pullEvents();
    live.edit({ slug: 'jane' }, at(2));
    expect(live.pullEvents()).toEqual([
      expect.objectContaining({
        type: 'PageSlugChanged',
        from: 'my-links',
        to: 'jane',
        reservedUntil: new Date(at(2).getTime() + 90 * 86_400_000),
      }),
    ]);
  });

  it('the same slug again is no change (no event, the stamp stays)', () => {
    const p = aPage();
    p.edit({ slug: 'my-links' }, at(1));
    expect(p.stamp).toEqual(t0);
    expect(p.pullEvents()).toEqual([]);
  });
});

describe('Page: its avatar', () => {
  const png = { id: 'file_1', publicPath: '/files/file_1/me.png', mimeType: 'image/png' };
  it('is an image file of the workspace, set at creation or later, live at once, and removable', () => {
    const p = Page.create({ id: 'pg_1', workspaceId: 'ws_1', title: 'Me', slug: 'me-me', avatar: { candidate: png }, now: t0 });
    expect(p.snapshot().avatar).toEqual({ fileId: 'file_1', publicPath: '/files/file_1/me.png' });
    p.publish(at(1));
    p.edit({ avatar: { candidate: { ...png, id: 'file_2', publicPath: '/files/file_2/b.webp', mimeType: 'image/webp' } } }, at(2));
    expect(p.snapshot().avatar?.fileId).toBe('file_2');
    expect(p.snapshot().liveUpdatedAt).toEqual(at(2));
    p.edit({ avatar: null }, at(3));
    expect(p.snapshot().avatar).toBeNull();
  });

  it('refuses a file the workspace does not have, or one that is not an image (SVG included)', () => {
    const p = aPage();
    expect(pointersOf(() => p.edit({ avatar: { candidate: null } }, at(1)))).toEqual(['/avatar_file_id']);
    for (const mimeType of ['application/pdf', 'image/svg+xml', 'text/html'])
      expect(pointersOf(() => p.edit({ avatar: { candidate: { ...png, mimeType } } }, at(1)))).toEqual(['/avatar_file_id']);
    expect(codeOf(() => Page.create({ id: 'x', workspaceId: 'w', title: 'T', slug: 's', avatar: { candidate: null }, now: t0 }))).toBe(
      'invalid_request',
    );
    expect(p.snapshot().avatar).toBeNull();
  });
});
