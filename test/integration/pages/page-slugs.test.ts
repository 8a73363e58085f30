import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { AddFileCommand } from '../../../src/files/index.js';
import { Clock } from '../../../src/platform/time/clock.js';
import { Janitor } from '../../../src/platform/workers/janitor.js';
import { aTenant } from '../../factories/access.factory.js';
import { apiCall, apiOk, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const DAY = 86_400_000;

/**
 * A page's own address (decisions.md "A page's own address…", docs/adr/0042): a slug chosen at create and changed
 * later, slug_taken, the 301 from a given-up slug and its 90-day reservation (on the service's injected clock), a race
 * of 20 creates for one slug, and avatars.
 */
describe('page slugs and avatars', () => {
  let t: TestApp;
  let clock: Clock;
  let realNow: () => Date;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', PUBLIC_SITE_URL: 'https://bio.example/p' } });
    clock = t.app.get(Clock);
    realNow = clock.now.bind(clock);
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => t.close());

  /** The service's clock, `ms` ahead of the real one, from now on (until the test ends). */
  const advanceClock = (ms: number) => {
    clock.now = () => new Date(realNow().getTime() + ms);
  };
  const tenant = async () => {
    const x = await aTenant(t.commands);
    return { ...x, ok: apiOk(t, x.auth), call: apiCall(t, x.auth) };
  };
  const problem = (res: LightMyRequestResponse, status: number, code: string) => {
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    return res.json() as Json;
  };
  const view = (slug: string) => t.inject({ method: 'GET', url: `/p/${slug}` });
  /** Views `slug` until `ok` holds (the change notification reaches the cache at commit), at most two seconds. */
  async function seen(slug: string, ok: (res: LightMyRequestResponse) => boolean): Promise<LightMyRequestResponse> {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const res = await view(slug);
      if (ok(res) || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;
  const published = async (ok: ReturnType<typeof apiOk>, body: object) => {
    const page = await ok('POST', '/v1/pages', body);
    return (await ok('POST', `/v1/pages/${page.id}/publish`, {})).page as Json;
  };

  describe('choosing a slug', () => {
    it('create takes a chosen slug; without one it is derived from the title, and a new title never changes it', async () => {
      const a = await tenant();
      const slug = unique('jane');
      const res = await a.call('POST', '/v1/pages', { title: 'My links', slug });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ slug, public_url: null, avatar_file_id: null });
      const live = (await a.ok('POST', `/v1/pages/${res.json().id}/publish`, {})).page;
      expect(live.public_url).toBe(`https://bio.example/p/${slug}`);
      const derived = await a.ok('POST', '/v1/pages', { title: 'Café Ünïcode' });
      expect(derived.slug).toMatch(/^cafe-unicode(-\d+)?$/);
      const renamed = await a.ok('PATCH', `/v1/pages/${live.id}`, { expected_updated_at: live.draft.updated_at, title: 'Jane Doe' });
      expect(renamed).toMatchObject({ title: 'Jane Doe', slug, public_url: `https://bio.example/p/${slug}` });
    });

    it('refuses a slug of the wrong shape or a reserved word with 400 at /slug, on create and on PATCH', async () => {
      const a = await tenant();
      for (const slug of ['ab', 'Jane', 'jane--doe', '-jane', 'jane_doe', 'x'.repeat(49), 'docs', 'v1', 7]) {
        const body = problem(await a.call('POST', '/v1/pages', { title: 'T', slug }), 400, 'invalid_request');
        expect(body.errors[0].pointer).toBe('/slug');
      }
      const page = await a.ok('POST', '/v1/pages', { title: 'Shape' });
      const body = problem(
        await a.call('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: 'api' }),
        400,
        'invalid_request',
      );
      expect(body.errors).toEqual([expect.objectContaining({ pointer: '/slug' })]);
      expect((await a.ok('GET', `/v1/pages/${page.id}`)).slug).toBe(page.slug);
    });

    it('a taken slug is 409 slug_taken on create and on PATCH, for any workspace; nothing is written', async () => {
      const a = await tenant();
      const b = await tenant();
      const slug = unique('taken');
      await a.ok('POST', '/v1/pages', { title: 'First', slug });
      const before = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pages WHERE workspace_id = $1`, [b.workspace.id]);
      const refused = problem(await b.call('POST', '/v1/pages', { title: 'Second', slug }), 409, 'slug_taken');
      expect(refused.type).toMatch(/\/errors\/slug-taken$/);
      problem(await a.call('POST', '/v1/pages', { title: 'Mine too', slug }), 409, 'slug_taken');
      const after = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pages WHERE workspace_id = $1`, [b.workspace.id]);
      expect(after).toEqual(before);
      const other = await b.ok('POST', '/v1/pages', { title: 'Other' });
      problem(await b.call('PATCH', `/v1/pages/${other.id}`, { expected_updated_at: other.draft.updated_at, slug }), 409, 'slug_taken');
      const unchanged = await b.ok('GET', `/v1/pages/${other.id}`);
      expect(unchanged).toMatchObject({ slug: other.slug, draft: { updated_at: other.draft.updated_at } });
    });

    it('an idempotent create replays its 201, and its 409 slug_taken, without creating again', async () => {
      const a = await tenant();
      const slug = unique('idem');
      const send = (key: string, title: string) =>
        t.inject({
          method: 'POST',
          url: '/v1/pages',
          headers: { ...a.auth, 'idempotency-key': key, 'content-type': 'application/json' },
          payload: JSON.stringify({ title, slug }),
        });
      const first = await send('k-create', 'Idem');
      const again = await send('k-create', 'Idem');
      expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
      expect(again.json().id).toBe(first.json().id);
      const taken = await send('k-taken', 'Idem two');
      const replayed = await send('k-taken', 'Idem two');
      problem(taken, 409, 'slug_taken');
      problem(replayed, 409, 'slug_taken');
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pages WHERE slug = $1`, [slug]);
      expect(n).toBe(1);
    });

    it('of 20 concurrent creates asking for one slug, exactly one gets 201 and 19 get slug_taken', async () => {
      const tenants = await Promise.all(Array.from({ length: 10 }, () => tenant()));
      const slug = unique('race');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => tenants[i % 10]!.call('POST', '/v1/pages', { title: `Racer ${i}`, slug })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('slug_taken');
      const rows = await t.sql(`SELECT id FROM pages WHERE slug = $1`, [slug]);
      expect(rows).toHaveLength(1);
      const [claim] = await t.sql<{ page_id: string; expires_at: Date | null }>(
        `SELECT page_id, expires_at FROM page_slugs WHERE slug = $1`,
        [slug],
      );
      expect(claim).toEqual({ page_id: results.find((r) => r.statusCode === 201)!.json().id, expires_at: null });
    });
  });

  describe('changing a slug', () => {
    it('routes the new slug at once, answers 301 from the old one, and the API shows the new slug and public_url', async () => {
      const a = await tenant();
      const before = await published(a.ok, { title: 'Moving', slug: unique('old') });
      expect((await view(before.slug)).statusCode).toBe(200); // cached under the old slug
      const next = unique('new');
      const after = await a.ok('PATCH', `/v1/pages/${before.id}`, { expected_updated_at: before.draft.updated_at, slug: next });
      expect(after).toMatchObject({ slug: next, public_url: `https://bio.example/p/${next}`, status: 'PUBLISHED' });
      expect((await a.ok('GET', `/v1/pages/${before.id}`)).slug).toBe(next);
      const list = await a.ok('GET', '/v1/pages');
      expect(list.data.find((p: Json) => p.id === before.id)).toMatchObject({ slug: next, public_url: `https://bio.example/p/${next}` });
      const fresh = await seen(next, (r) => r.statusCode === 200);
      expect(fresh.body).toContain(`<link rel="canonical" href="https://bio.example/p/${next}">`);
      const moved = await seen(before.slug, (r) => r.statusCode === 301);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/p/${next}`);
      // No webhook event for a slug change: the outbox holds only the publish.
      const outbox = await t.sql<{ type: string }>(`SELECT type FROM outbox WHERE workspace_id = $1`, [a.workspace.id]);
      expect(outbox.map((r) => r.type)).toEqual(['page.published']);
    });

    it('keeps the old slug for its workspace for 90 days: others get slug_taken, the workspace may take it back', async () => {
      const a = await tenant();
      const b = await tenant();
      const old = unique('kept');
      const page = await published(a.ok, { title: 'Kept', slug: old });
      const changed = await a.ok('PATCH', `/v1/pages/${page.id}`, {
        expected_updated_at: page.draft.updated_at,
        slug: unique('elsewhere'),
      });
      problem(await b.call('POST', '/v1/pages', { title: 'Impostor', slug: old }), 409, 'slug_taken');
      const theirs = await b.ok('POST', '/v1/pages', { title: 'Theirs' });
      problem(
        await b.call('PATCH', `/v1/pages/${theirs.id}`, { expected_updated_at: theirs.draft.updated_at, slug: old }),
        409,
        'slug_taken',
      );
      // Another page of the same workspace takes it back: the redirect ends, and once that page is live it shows.
      const sibling = await published(a.ok, { title: 'Sibling', slug: old });
      expect(sibling.slug).toBe(old);
      expect((await seen(old, (r) => r.statusCode === 200)).body).toContain('Sibling');
      expect((await a.ok('GET', `/v1/pages/${page.id}`)).slug).toBe(changed.slug);
    });

    it('of concurrent moves of one page with one stamp, one wins and the others are stale_snapshot, never slug_taken', async () => {
      const a = await tenant();
      const page = await published(a.ok, { title: 'Contended', slug: unique('contended') });
      const next = unique('contended-next');
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          a.call('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: next }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('stale_snapshot');
      expect((await a.ok('GET', `/v1/pages/${page.id}`)).slug).toBe(next);
    });

    it('a page may take its own old slug back; the slug it leaves is then reserved in turn', async () => {
      const a = await tenant();
      const b = await tenant();
      const first = unique('first');
      let page = await published(a.ok, { title: 'Back and forth', slug: first });
      const second = unique('second');
      page = await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: second });
      page = await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: first });
      expect(page.slug).toBe(first);
      expect((await seen(first, (r) => r.statusCode === 200)).statusCode).toBe(200);
      const back = await seen(second, (r) => r.statusCode === 301);
      expect(back.headers.location).toBe(`/p/${first}`);
      problem(await b.call('POST', '/v1/pages', { title: 'Impostor', slug: second }), 409, 'slug_taken');
    });

    it('a chain of changes redirects every old slug straight to the newest', async () => {
      const a = await tenant();
      const [s1, s2, s3] = [unique('one'), unique('two'), unique('three')];
      let page = await published(a.ok, { title: 'Chain', slug: s1 });
      page = await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: s2 });
      expect((await seen(s1, (r) => r.statusCode === 301)).headers.location).toBe(`/p/${s2}`);
      page = await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: s3 });
      expect((await seen(s1, (r) => r.headers.location === `/p/${s3}`)).headers.location).toBe(`/p/${s3}`);
      expect((await seen(s2, (r) => r.statusCode === 301)).headers.location).toBe(`/p/${s3}`);
    });

    it('the redirect and the reservation end after 90 days; then any workspace may take the slug', async () => {
      const a = await tenant();
      const b = await tenant();
      const old = unique('expiring');
      const page = await published(a.ok, { title: 'Expiring', slug: old });
      await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: unique('current') });
      expect((await seen(old, (r) => r.statusCode === 301)).statusCode).toBe(301);
      advanceClock(90 * DAY - 60_000); // a minute before the end: still redirected, still reserved
      expect((await view(old)).statusCode).toBe(301);
      problem(await b.call('POST', '/v1/pages', { title: 'Too soon', slug: old }), 409, 'slug_taken');
      advanceClock(90 * DAY + 60_000);
      expect((await view(old)).statusCode).toBe(404);
      const taken = await b.ok('POST', '/v1/pages', { title: 'Now mine', slug: old });
      expect(taken.slug).toBe(old);
    });

    it('the janitor removes given-up slugs past their reservation, and keeps current and reserved ones', async () => {
      const a = await tenant();
      const [gone, kept] = [unique('gone'), unique('kept')];
      for (const slug of [gone, kept]) {
        const page = await published(a.ok, { title: slug, slug });
        await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: `${slug}-now` });
      }
      await t.sql(`UPDATE page_slugs SET expires_at = now() - interval '1 second' WHERE slug = $1`, [gone]);
      const purged = await t.app.get(Janitor).sweep();
      expect(purged['expired slug redirects']).toBeGreaterThanOrEqual(1);
      const left = await t.sql<{ slug: string }>(`SELECT slug FROM page_slugs WHERE slug = ANY($1) ORDER BY slug`, [
        [gone, kept, `${gone}-now`, `${kept}-now`],
      ]);
      expect(left.map((r) => r.slug).sort()).toEqual([`${gone}-now`, kept, `${kept}-now`].sort());
    });

    it('a slug a never-published page gives up is free at once', async () => {
      const a = await tenant();
      const b = await tenant();
      const draftSlug = unique('draft');
      const page = await a.ok('POST', '/v1/pages', { title: 'Draft', slug: draftSlug });
      await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: unique('draft-next') });
      expect((await b.ok('POST', '/v1/pages', { title: 'Free', slug: draftSlug })).slug).toBe(draftSlug);
    });

    it('a derived slug skips slugs reserved by another workspace', async () => {
      const a = await tenant();
      const b = await tenant();
      const base = unique('derived');
      const page = await published(a.ok, { title: 'Derived', slug: base });
      await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, slug: unique('moved') });
      const theirs = await b.ok('POST', '/v1/pages', { title: base });
      expect(theirs.slug).toBe(`${base}-2`);
      const ours = await a.ok('POST', '/v1/pages', { title: base });
      expect(ours.slug).toBe(base);
    });
  });

  describe('avatars', () => {
    it('takes an image file of the workspace on create and PATCH, removes it with null, and shows it', async () => {
      const a = await tenant();
      const png = await t.commands.execute(new AddFileCommand(a.workspace.id, 'me.png', 'image/png', Buffer.from([1, 2, 3])));
      const webp = await t.commands.execute(new AddFileCommand(a.workspace.id, 'me.webp', 'image/webp', Buffer.from([4])));
      const slug = unique('avatar');
      let page = await a.ok('POST', '/v1/pages', { title: 'With a face', slug, avatar_file_id: png.id });
      expect(page.avatar_file_id).toBe(png.id);
      page = (await a.ok('POST', `/v1/pages/${page.id}/publish`, {})).page;
      const shown = await seen(slug, (r) => r.statusCode === 200);
      expect(shown.body).toContain(`<img class="avatar" src="${png.public_path}" alt="With a face"`);
      expect(shown.body).toContain(`<meta property="og:image" content="http://127.0.0.1:3000${png.public_path}">`);
      page = await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, avatar_file_id: webp.id });
      expect(page.avatar_file_id).toBe(webp.id);
      expect((await seen(slug, (r) => r.body.includes(webp.public_path))).body).toContain(webp.public_path);
      page = await a.ok('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, avatar_file_id: null });
      expect(page.avatar_file_id).toBeNull();
      const plain = await seen(slug, (r) => !r.body.includes('class="avatar"'));
      expect(plain.body).not.toContain('og:image');
    });

    it('refuses a file of another workspace, an unknown id and a file that is not an image: 400 at /avatar_file_id', async () => {
      const a = await tenant();
      const b = await tenant();
      const pdf = await t.commands.execute(new AddFileCommand(a.workspace.id, 'cv.pdf', 'application/pdf', Buffer.from([1])));
      const svg = await t.commands.execute(new AddFileCommand(a.workspace.id, 'logo.svg', 'image/svg+xml', Buffer.from('<svg/>')));
      const theirs = await t.commands.execute(new AddFileCommand(b.workspace.id, 'theirs.png', 'image/png', Buffer.from([1])));
      for (const id of [pdf.id, svg.id, theirs.id, 'file_nope', 42]) {
        const body = problem(await a.call('POST', '/v1/pages', { title: 'T', avatar_file_id: id }), 400, 'invalid_request');
        expect(body.errors[0].pointer).toBe('/avatar_file_id');
      }
      const page = await a.ok('POST', '/v1/pages', { title: 'No face' });
      const body = problem(
        await a.call('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, avatar_file_id: theirs.id }),
        400,
        'invalid_request',
      );
      expect(body.errors[0].pointer).toBe('/avatar_file_id');
    });
  });

  describe("the site's own files", () => {
    it('serves /robots.txt and /favicon.ico, cacheable', async () => {
      const robots = await t.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body.split('\n')).toEqual(
        expect.arrayContaining(['User-agent: *', 'Allow: /p/', 'Disallow: /v1/', 'Disallow: /preview/', 'Disallow: /r/']),
      );
      const icon = await t.inject({ method: 'GET', url: '/favicon.ico' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/x-icon');
      expect(icon.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(icon.rawPayload.readUInt16LE(2)).toBe(1);
      const again = await t.inject({ method: 'GET', url: '/favicon.ico', headers: { 'if-none-match': String(icon.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });
  });
});
