import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { AddFileCommand } from '../../../src/files/index.js';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { PublishScheduler } from '../../../src/pages/index.js';

type Auth = Record<string, string>;

describe('pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', PUBLIC_SITE_URL: 'https://bio.example' } });
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, auth: Auth, payload?: unknown, headers: Record<string, string> = {}) =>
    t.inject({
      method: method as 'GET',
      url,
      headers: { ...auth, ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const createPage = async (auth: Auth, body: object = { title: 'My links' }) => {
    const res = await call('POST', '/v1/pages', auth, body);
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const addLink = async (auth: Auth, page: { id: string; draft: { updated_at: string } }, title: string) => {
    const res = await call('POST', `/v1/pages/${page.id}/blocks`, auth, {
      expected_updated_at: page.draft.updated_at,
      kind: 'LINK',
      data: { url: `https://example.com/${encodeURIComponent(title)}`, title },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const problem = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ status, code, request_id: res.headers['x-request-id'] });
    return res.json();
  };
  const outboxOf = (ws: string) =>
    t.sql<{ type: string; payload: { data: { page: Record<string, string> } } }>(
      `SELECT type, payload FROM outbox WHERE workspace_id = $1 ORDER BY seq`,
      [ws],
    );

  describe('create', () => {
    it('creates a DRAFT with the full page shape, 201 and Location', async () => {
      const { auth } = await aTenant(t.commands);
      const res = await call('POST', '/v1/pages', auth, {
        title: 'Café Ünïcode',
        description: 'Hi',
        theme_preset_key: 'midnight',
        locale: 'pt-BR',
      });
      expect(res.statusCode).toBe(201);
      const page = res.json();
      expect(res.headers.location).toBe(`/v1/pages/${page.id}`);
      expect(page).toEqual({
        id: expect.stringMatching(/^pg_/),
        title: 'Café Ünïcode',
        description: 'Hi',
        slug: expect.stringMatching(/^cafe-unicode(-\d+)?$/),
        status: 'DRAFT',
        locale: 'pt-BR',
        public_url: null,
        avatar_file_id: null,
        theme: { label: 'Midnight', preset_key: 'midnight' },
        draft: { updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), block_count: 0, blocks: [] },
        published: { is_live: false, block_count: 0, live_updated_at: null },
        scheduled_for: null,
      });
      expect(await outboxOf(page.id)).toEqual([]);
    });

    it('validates with JSON pointers and refuses unknown fields', async () => {
      const { auth } = await aTenant(t.commands);
      const body = problem(await call('POST', '/v1/pages', auth, { title: '', theme_preset_key: 'neon' }), 400, 'invalid_request');
      // Both errors of the body at once (issue 39, docs/adr/0071), not only the first.
      expect(body.errors).toEqual([
        { pointer: '/title', detail: expect.any(String) },
        { pointer: '/theme_preset_key', detail: expect.any(String) },
      ]);
      expect(
        problem(await call('POST', '/v1/pages', auth, { title: 'ok', theme_preset_key: 'neon' }), 400, 'invalid_request').errors,
      ).toEqual([{ pointer: '/theme_preset_key', detail: expect.any(String) }]);
      expect(problem(await call('POST', '/v1/pages', auth, { title: 'ok', colour: 'red' }), 400, 'invalid_request').errors).toEqual([
        { pointer: '/colour', detail: expect.stringMatching(/unknown field/) },
      ]);
      expect(problem(await call('POST', '/v1/pages', auth, {}), 400, 'invalid_request').errors[0].pointer).toBe('/title');
      expect(problem(await call('POST', '/v1/pages', auth, { title: 'x'.repeat(121) }), 400, 'invalid_request').errors[0].pointer).toBe(
        '/title',
      );
    });

    it('gives 20 concurrent creates with one title 20 distinct slugs', async () => {
      const { auth } = await aTenant(t.commands);
      const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/v1/pages', auth, { title: 'Launch Day!' })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const slugs = results.map((r) => r.json().slug as string);
      expect(new Set(slugs).size).toBe(20);
      for (const s of slugs) expect(s).toMatch(/^launch-day(-\d+)?$/);
    });

    it('never gives a reserved word or an empty slug', async () => {
      const { auth } = await aTenant(t.commands);
      expect((await createPage(auth, { title: 'Docs' })).slug).toMatch(/^docs-\d+$/);
      expect((await createPage(auth, { title: '東京' })).slug).toMatch(/^page(-\d+)?$/);
    });

    it('replays an idempotent create instead of creating twice', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      const a = await call('POST', '/v1/pages', auth, { title: 'Once' }, { 'idempotency-key': 'create-1' });
      const b = await call('POST', '/v1/pages', auth, { title: 'Once' }, { 'idempotency-key': 'create-1' });
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.statusCode).toBe(201);
      expect(b.headers.location).toBe(a.headers.location);
      expect(b.json()).toEqual(a.json());
      expect(await t.sql(`SELECT 1 FROM pages WHERE workspace_id = $1`, [workspace.id])).toHaveLength(1);
    });
  });

  describe('get and list', () => {
    it('gets a page and hides other workspaces’ pages as resource_not_found', async () => {
      const a = await aTenant(t.commands);
      const b = await aTenant(t.commands);
      const page = await createPage(a.auth);
      expect((await call('GET', `/v1/pages/${page.id}`, a.auth)).json()).toEqual(page);
      problem(await call('GET', `/v1/pages/${page.id}`, b.auth), 404, 'resource_not_found');
      problem(await call('GET', '/v1/pages/pg_nope', a.auth), 404, 'resource_not_found');
      for (const [m, u, body] of [
        ['PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, title: 'x' }],
        ['POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: page.draft.updated_at, kind: 'HEADER', data: { text: 'x' } }],
        ['DELETE', `/v1/pages/${page.id}/blocks/blk_x?expected_updated_at=${page.draft.updated_at}`, undefined],
        ['POST', `/v1/pages/${page.id}/publish`, {}],
        ['POST', `/v1/pages/${page.id}/archive`, {}],
      ] as const) {
        problem(await call(m, u, b.auth, body), 404, 'resource_not_found');
      }
    });

    it('lists page summaries newest-updated first with cursors', async () => {
      const { auth } = await aTenant(t.commands);
      const p1 = await createPage(auth, { title: 'One' });
      const p2 = await createPage(auth, { title: 'Two' });
      const p3 = await createPage(auth, { title: 'Three' });
      await addLink(auth, p1, 'touch'); // p1 becomes the newest-updated
      const first = (await call('GET', '/v1/pages?limit=2', auth)).json();
      expect(first.data.map((p: { id: string }) => p.id)).toEqual([p1.id, p3.id]);
      expect(first.data[0]).toEqual({
        id: p1.id,
        title: 'One',
        slug: p1.slug,
        status: 'DRAFT',
        block_count: 1,
        public_url: null,
        updated_at: expect.stringMatching(/Z$/),
        scheduled_for: null,
      });
      const second = (await call('GET', `/v1/pages?limit=2&after=${encodeURIComponent(first.next_cursor)}`, auth)).json();
      expect(second).toEqual({ data: [expect.objectContaining({ id: p2.id })], has_more: false, next_cursor: null });
    });
  });

  describe('update (PATCH)', () => {
    it('merge-patches, reorders, and moves the stamp; costs one quota unit', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      let page = await createPage(auth);
      page = await addLink(auth, page, 'A');
      page = await addLink(auth, page, 'B');
      const [a, b] = page.draft.blocks.map((x: { id: string }) => x.id);
      const res = await call('PATCH', `/v1/pages/${page.id}`, auth, {
        expected_updated_at: page.draft.updated_at,
        description: 'New description',
        block_order: [b, a],
        block_updates: [
          { block_id: a, data: { title: 'A renamed' } },
          { block_id: b, enabled: false },
        ],
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json();
      expect(updated.title).toBe('My links'); // not mentioned: preserved
      expect(updated.description).toBe('New description');
      // (Issue 13 added each block's data and file to the draft, so that a client can read a block before patching it.)
      const link = (title: string, url: string) => ({ data: { title, url }, file_url: null, file_name: null });
      expect(updated.draft.blocks).toEqual([
        { id: b, kind: 'LINK', enabled: false, label: 'B', ...link('B', 'https://example.com/B') },
        { id: a, kind: 'LINK', enabled: true, label: 'A renamed', ...link('A renamed', 'https://example.com/A') },
      ]);
      expect(new Date(updated.draft.updated_at).getTime()).toBeGreaterThan(new Date(page.draft.updated_at).getTime());
      const [usage] = await t.sql<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = $1`, [workspace.id]);
      expect(Number(usage!.used)).toBe(1);
    });

    it('accepts any ISO 8601 spelling of the stamp’s instant', async () => {
      const { auth } = await aTenant(t.commands);
      const page = await createPage(auth);
      const offset = new Date(page.draft.updated_at).toISOString().replace('Z', '+00:00');
      expect((await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: offset, title: 'Offset ok' })).statusCode).toBe(200);
    });

    it('answers 409 stale_snapshot for an old stamp, and stale wins over invalid input', async () => {
      const { auth } = await aTenant(t.commands);
      const page = await createPage(auth);
      const fresh = (await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: page.draft.updated_at, title: 'v2' })).json();
      problem(
        await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: page.draft.updated_at, title: 'v3' }),
        409,
        'stale_snapshot',
      );
      problem(
        await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: page.draft.updated_at, title: 42, bogus: true }),
        409,
        'stale_snapshot',
      );
      problem(
        await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: page.draft.updated_at, block_order: ['nope'] }),
        409,
        'stale_snapshot',
      );
      // fresh stamp + invalid input: a plain 400 with pointers
      const bad = problem(
        await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: fresh.draft.updated_at, block_order: ['nope'] }),
        400,
        'invalid_request',
      );
      expect(bad.errors).toEqual([{ pointer: '/block_order', detail: expect.any(String) }]);
      const missing = problem(await call('PATCH', `/v1/pages/${page.id}`, auth, { title: 'no stamp' }), 400, 'invalid_request');
      expect(missing.errors).toEqual([expect.objectContaining({ pointer: '/expected_updated_at' })]);
    });

    it('points into nested block updates', async () => {
      const { auth } = await aTenant(t.commands);
      let page = await createPage(auth);
      page = await addLink(auth, page, 'A');
      const id = page.draft.blocks[0].id;
      const res = await call('PATCH', `/v1/pages/${page.id}`, auth, {
        expected_updated_at: page.draft.updated_at,
        block_updates: [{ block_id: id, data: { url: 'not a url' } }],
      });
      expect(problem(res, 400, 'invalid_request').errors).toEqual([{ pointer: '/block_updates/0/data/url', detail: expect.any(String) }]);
      const shape = await call('PATCH', `/v1/pages/${page.id}`, auth, {
        expected_updated_at: page.draft.updated_at,
        block_updates: [{ data: {} }],
      });
      expect(problem(shape, 400, 'invalid_request').errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ pointer: '/block_updates/0/block_id' })]),
      );
    });

    it('of 50 concurrent PATCHes with one stamp, exactly one wins', async () => {
      const { auth } = await aTenant(t.commands);
      const page = await createPage(auth);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: page.draft.updated_at, title: `Writer ${i}` }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('stale_snapshot');
      const winner = results.find((r) => r.statusCode === 200)!.json();
      expect((await call('GET', `/v1/pages/${page.id}`, auth)).json().title).toBe(winner.title);
    });
  });

  describe('blocks', () => {
    it('adds every kind with its data, checking file_url against the workspace’s files', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      const other = await aTenant(t.commands);
      const img = await t.commands.execute(new AddFileCommand(workspace.id, 'cat.png', 'image/png', Buffer.from([1])));
      const pdf = await t.commands.execute(new AddFileCommand(workspace.id, 'guide.pdf', 'application/pdf', Buffer.from([2])));
      const foreign = await t.commands.execute(new AddFileCommand(other.workspace.id, 'theirs.png', 'image/png', Buffer.from([3])));
      let page = await createPage(auth);
      const blocks: [string, object, string?][] = [
        ['LINK', { url: 'https://example.com', title: 'Site' }],
        ['HEADER', { text: 'Hello' }],
        ['TEXT', { text: 'About me' }],
        ['IMAGE', { alt: 'A cat' }, img.public_path],
        ['FILE', { gated: true }, pdf.public_path],
        ['CAROUSEL', { images: [img.public_path] }, img.public_path],
        ['PRODUCT', { title: 'Guide', price_cents: 900, currency: 'usd' }, pdf.public_path],
        ['VIDEO', { url: 'https://video.example/v/1' }],
        ['SOCIAL', { platform: 'github', url: 'https://github.com/me' }],
        ['NEWSLETTER', {}],
        ['TIP', { currency: 'usd', suggested_amounts_cents: [300, 500] }],
      ];
      for (const [kind, data, file_url] of blocks) {
        const res = await call('POST', `/v1/pages/${page.id}/blocks`, auth, {
          expected_updated_at: page.draft.updated_at,
          kind,
          data,
          ...(file_url ? { file_url } : {}),
        });
        expect([kind, res.statusCode]).toEqual([kind, 200]);
        page = res.json();
      }
      expect(page.draft.blocks.map((b: { kind: string }) => b.kind)).toEqual(blocks.map(([k]) => k));
      expect(page.draft.blocks.map((b: { label: string }) => b.label)).toEqual([
        'Site',
        'Hello',
        'About me',
        'A cat',
        'guide.pdf',
        'cat.png',
        'Guide',
        'https://video.example/v/1',
        'github',
        'Newsletter',
        'Tip jar',
      ]);
      // Each block reads back with its data (URLs normalized) and, for a block with a file, that file.
      const read = page.draft.blocks as { data: object; file_url: string | null; file_name: string | null }[];
      expect(read[0]).toMatchObject({ data: { url: 'https://example.com/', title: 'Site' }, file_url: null, file_name: null });
      expect(read[4]).toMatchObject({ data: { gated: true }, file_url: pdf.public_path, file_name: 'guide.pdf' });
      expect(read[9]?.data).toEqual({});

      const add = (body: object) =>
        call('POST', `/v1/pages/${page.id}/blocks`, auth, { expected_updated_at: page.draft.updated_at, ...body });
      expect(problem(await add({ kind: 'IMAGE', file_url: foreign.public_path }), 400, 'invalid_request').errors).toEqual([
        { pointer: '/file_url', detail: expect.any(String) },
      ]);
      expect(problem(await add({ kind: 'IMAGE', file_url: '/files/nope/x.png' }), 400, 'invalid_request').errors[0].pointer).toBe(
        '/file_url',
      );
      expect(problem(await add({ kind: 'IMAGE' }), 400, 'invalid_request').errors[0].pointer).toBe('/file_url');
      expect(problem(await add({ kind: 'LINK', data: { url: 'https://x.y' } }), 400, 'invalid_request').errors).toEqual([
        { pointer: '/data/title', detail: expect.any(String) },
      ]);
      expect(problem(await add({ kind: 'MARQUEE', data: {} }), 400, 'invalid_request').errors[0].pointer).toBe('/kind');
      expect(
        problem(await add({ kind: 'CAROUSEL', file_url: img.public_path, data: { images: [foreign.public_path] } }), 400, 'invalid_request')
          .errors[0].pointer,
      ).toBe('/data/images/0');
      // The same rule holds when a carousel's images change through PATCH block_updates.
      const carousel = page.draft.blocks.find((b: { kind: string }) => b.kind === 'CAROUSEL');
      const patched = await call('PATCH', `/v1/pages/${page.id}`, auth, {
        expected_updated_at: page.draft.updated_at,
        block_updates: [{ block_id: carousel.id, data: { images: [img.public_path, foreign.public_path] } }],
      });
      expect(problem(patched, 400, 'invalid_request').errors[0].pointer).toBe('/block_updates/0/data/images/1');
    });

    it('removes a block but refuses the last one with 409 last_block_required', async () => {
      const { auth } = await aTenant(t.commands);
      let page = await createPage(auth);
      page = await addLink(auth, page, 'A');
      page = await addLink(auth, page, 'B');
      const [a, b] = page.draft.blocks.map((x: { id: string }) => x.id);
      const del = (id: string, stamp: string) =>
        call('DELETE', `/v1/pages/${page.id}/blocks/${id}?expected_updated_at=${encodeURIComponent(stamp)}`, auth);
      const removed = await del(a, page.draft.updated_at);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().draft.blocks.map((x: { id: string }) => x.id)).toEqual([b]);
      problem(await del(b, page.draft.updated_at), 409, 'stale_snapshot');
      problem(await del(b, removed.json().draft.updated_at), 409, 'last_block_required');
      problem(await del('blk_unknown', removed.json().draft.updated_at), 404, 'resource_not_found');
      expect(problem(await call('DELETE', `/v1/pages/${page.id}/blocks/${b}`, auth), 400, 'invalid_request').errors).toEqual([
        expect.objectContaining({ parameter: 'expected_updated_at' }),
      ]);
    });
  });

  describe('publish and archive', () => {
    it('publishes now: live snapshot, route, page.published in the outbox; the draft can change without touching live', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      let page = await createPage(auth, { title: 'Live one' });
      page = await addLink(auth, page, 'Old');
      const res = await call('POST', `/v1/pages/${page.id}/publish`, auth, {});
      expect(res.statusCode).toBe(200);
      const { page: live, scheduled_for } = res.json();
      expect(scheduled_for).toBeNull();
      expect(live).toMatchObject({
        status: 'PUBLISHED',
        public_url: `https://bio.example/${page.slug}`,
        published: { is_live: true, block_count: 1, live_updated_at: expect.any(String) },
      });
      const events = await outboxOf(workspace.id);
      expect(events).toEqual([
        {
          type: 'page.published',
          payload: { data: { page: { id: page.id, title: 'Live one', slug: page.slug, published_at: live.published.live_updated_at } } },
        },
      ]);

      // Edit the draft: new block, changed data. The live snapshot keeps the old blocks.
      let draft = await addLink(auth, live, 'New');
      const oldId = draft.draft.blocks[0].id;
      draft = (
        await call('PATCH', `/v1/pages/${page.id}`, auth, {
          expected_updated_at: draft.draft.updated_at,
          block_updates: [{ block_id: oldId, data: { title: 'Old edited' } }],
        })
      ).json();
      const [row] = await t.sql<{ live_blocks: { id: string; data: { title: string } }[] }>(`SELECT live_blocks FROM pages WHERE id = $1`, [
        page.id,
      ]);
      expect(row!.live_blocks.map((b) => b.data.title)).toEqual(['Old']);
      expect(draft.published.block_count).toBe(1);

      const again = (await call('POST', `/v1/pages/${page.id}/publish`, auth, {})).json().page;
      expect(again.published.block_count).toBe(2);
      const [row2] = await t.sql<{ live_blocks: { data: { title: string } }[] }>(`SELECT live_blocks FROM pages WHERE id = $1`, [page.id]);
      expect(row2!.live_blocks.map((b) => b.data.title)).toEqual(['Old edited', 'New']);
      expect((await outboxOf(workspace.id)).map((e) => e.type)).toEqual(['page.published', 'page.published']);
    });

    it('applies a title change to the live page at once', async () => {
      const { auth } = await aTenant(t.commands);
      const page = await createPage(auth);
      const live = (await call('POST', `/v1/pages/${page.id}/publish`, auth, {})).json().page;
      const renamed = (
        await call('PATCH', `/v1/pages/${page.id}`, auth, { expected_updated_at: live.draft.updated_at, title: 'Renamed live' })
      ).json();
      expect(renamed).toMatchObject({ title: 'Renamed live', status: 'PUBLISHED', published: { is_live: true } });
      expect(new Date(renamed.published.live_updated_at).getTime()).toBeGreaterThan(new Date(live.published.live_updated_at).getTime());
    });

    it('needs the publish scope, which pages:write does not imply; costs one unit; is idempotent', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      const writer = await aKey(t.commands, workspace.id, { scopes: ['pages:read', 'pages:write'] });
      const page = await createPage(auth);
      problem(await call('POST', `/v1/pages/${page.id}/publish`, { 'x-api-key': writer.key }, {}), 403, 'insufficient_scope');
      const a = await call('POST', `/v1/pages/${page.id}/publish`, auth, {}, { 'idempotency-key': 'pub-1' });
      const b = await call('POST', `/v1/pages/${page.id}/publish`, auth, {}, { 'idempotency-key': 'pub-1' });
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.json()).toEqual(a.json());
      expect(await outboxOf(workspace.id)).toHaveLength(1);
      const [usage] = await t.sql<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = $1`, [workspace.id]);
      expect(Number(usage!.used)).toBe(1);
    });

    it('schedules with starts_at, replaces a pending schedule, and refuses past or far starts', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      const page = await createPage(auth);
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const later = new Date(Date.now() + 7_200_000).toISOString();
      const first = (await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: soon })).json();
      expect(first).toMatchObject({ scheduled_for: soon, page: { status: 'DRAFT', public_url: null } });
      const second = (await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: later })).json();
      expect(second.scheduled_for).toBe(later);
      const [row] = await t.sql<{ scheduled_publish_at: Date }>(`SELECT scheduled_publish_at FROM pages WHERE id = $1`, [page.id]);
      expect(new Date(row!.scheduled_publish_at).toISOString()).toBe(later);
      expect(await outboxOf(workspace.id)).toEqual([]);
      expect(
        problem(
          await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: new Date(Date.now() - 1000).toISOString() }),
          400,
          'invalid_request',
        ).errors[0].pointer,
      ).toBe('/starts_at');
      expect(
        problem(await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: '2099-01-01T00:00:00Z' }), 400, 'invalid_request')
          .errors[0].pointer,
      ).toBe('/starts_at');
      expect(
        problem(await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: 'tomorrow' }), 400, 'invalid_request').errors[0]
          .pointer,
      ).toBe('/starts_at');
    });

    it('archives (offline, schedule cancelled), then re-publishes', async () => {
      const { auth } = await aTenant(t.commands);
      const page = await createPage(auth);
      await call('POST', `/v1/pages/${page.id}/publish`, auth, {});
      await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: new Date(Date.now() + 3_600_000).toISOString() });
      const archived = await call('POST', `/v1/pages/${page.id}/archive`, auth);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toMatchObject({ status: 'ARCHIVED', public_url: null, published: { is_live: false } });
      expect(problem(await call('POST', `/v1/pages/${page.id}/archive`, auth, { reason: 'x' }), 400, 'invalid_request').errors).toEqual([
        { pointer: '/reason', detail: expect.stringMatching(/unknown field/) },
      ]);
      const [row] = await t.sql<{ scheduled_publish_at: Date | null }>(`SELECT scheduled_publish_at FROM pages WHERE id = $1`, [page.id]);
      expect(row!.scheduled_publish_at).toBeNull();
      const back = (await call('POST', `/v1/pages/${page.id}/publish`, auth, {})).json().page;
      expect(back).toMatchObject({ status: 'PUBLISHED', public_url: `https://bio.example/${page.slug}` });
    });
  });

  describe('the publish scheduler', () => {
    it('fires a due schedule exactly once with two worker instances racing', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      const pages = [];
      for (let i = 0; i < 5; i++) {
        const page = await createPage(auth, { title: `Scheduled ${i}` });
        await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: new Date(Date.now() + 60_000).toISOString() });
        pages.push(page);
      }
      await t.sql(`UPDATE pages SET scheduled_publish_at = now() - interval '1 second' WHERE workspace_id = $1`, [workspace.id]);

      // A second instance of the app (a second worker process) on the same database.
      const { createHttpApp } = await import('../../../src/http-app.js');
      const pino = (await import('pino')).default;
      const other = await createHttpApp(
        t.config,
        { databaseUrl: t.databaseUrl, secretKey: Buffer.alloc(32, 9), runWorkers: false },
        pino({ level: 'silent' }),
      );
      try {
        const a = t.app.get(PublishScheduler);
        const b = other.app.get(PublishScheduler);
        const fired = await Promise.all([a.fireDue(), b.fireDue(), a.fireDue(), b.fireDue()]);
        expect(fired.reduce((x, y) => x + y, 0)).toBe(5);
      } finally {
        await other.app.close();
      }
      const events = await outboxOf(workspace.id);
      expect(events.filter((e) => e.type === 'page.published')).toHaveLength(5);
      expect(new Set(events.map((e) => e.payload.data.page.id)).size).toBe(5);
      for (const p of pages) {
        expect((await call('GET', `/v1/pages/${p.id}`, auth)).json()).toMatchObject({
          status: 'PUBLISHED',
          public_url: expect.any(String),
        });
      }
    });

    it('fires within seconds when the workers run, also for a schedule made before a restart', async () => {
      const { workspace, auth } = await aTenant(t.commands);
      const page = await createPage(auth, { title: 'Soon' });
      await call('POST', `/v1/pages/${page.id}/publish`, auth, { starts_at: new Date(Date.now() + 1_500).toISOString() });
      // "Restart": a fresh app instance with its workers on, sharing only the database.
      const { createHttpApp } = await import('../../../src/http-app.js');
      const pino = (await import('pino')).default;
      const worker = await createHttpApp(
        t.config,
        { databaseUrl: t.databaseUrl, secretKey: Buffer.alloc(32, 9), runWorkers: true },
        pino({ level: 'silent' }),
      );
      try {
        const deadline = Date.now() + 10_000;
        let events = await outboxOf(workspace.id);
        while (events.length === 0 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 200));
          events = await outboxOf(workspace.id);
        }
        expect(events.map((e) => e.type)).toEqual(['page.published']);
      } finally {
        await worker.app.close();
      }
    });
  });

  describe('contacts from pages', () => {
    it('captures a contact whose source is a block of a page of the workspace, and refuses another workspace’s page', async () => {
      const a = await aTenant(t.commands);
      const b = await aTenant(t.commands);
      let page = await createPage(a.auth);
      page = (
        await call('POST', `/v1/pages/${page.id}/blocks`, a.auth, {
          expected_updated_at: page.draft.updated_at,
          kind: 'NEWSLETTER',
          data: {},
        })
      ).json();
      const blockId = page.draft.blocks[0].id;
      const contact = await t.commands.execute(
        new CaptureContactCommand(a.workspace.id, 'fan@example.com', undefined, 'NEWSLETTER', page.id, blockId),
      );
      expect(contact).toMatchObject({ source: 'NEWSLETTER', source_block_id: blockId });
      await expect(
        t.commands.execute(new CaptureContactCommand(b.workspace.id, 'x@example.com', undefined, 'NEWSLETTER', page.id, blockId)),
      ).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(
        t.commands.execute(new CaptureContactCommand(a.workspace.id, 'x@example.com', undefined, 'NEWSLETTER', page.id, 'blk_nope')),
      ).rejects.toMatchObject({ code: 'invalid_request' });
    });
  });
});
