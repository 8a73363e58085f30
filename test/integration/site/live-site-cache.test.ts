import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { AddFileCommand } from '../../../src/files/index.js';
import { createHttpApp } from '../../../src/http-app.js';
import type { HttpApp } from '../../../src/platform/http/http-app.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The live page cache (docs/adr/0092): a page is served from memory until it changes, and every change that
 * alters what a slug shows is seen within a second, also when another process (here: a second application on
 * the same database, with its own pools and listener) made it.
 */
describe('the live site cache', () => {
  let t: TestApp;
  let other: HttpApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp();
    other = await createHttpApp(
      t.config,
      { databaseUrl: t.databaseUrl, secretKey: Buffer.alloc(32, 9), runWorkers: false },
      pino({ level: 'silent' }),
    );
    await other.app.getHttpAdapter().getInstance().ready();
    tenant = await aTenant(t.commands);
    await listening();
  });
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });

  /** Both applications hold a LISTEN connection on the pages' channel. */
  async function listening(): Promise<void> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN live_pages'`);
      if (n >= 2) return;
      if (Date.now() > deadline) throw new Error(`only ${n} listeners`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** An API call through the other application (another process, as far as the database can tell). */
  const elsewhere = async (method: string, url: string, body?: unknown) => {
    const res = await other.app.inject({
      method: method as 'GET',
      url,
      headers: { ...tenant.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Json;
  };
  const view = (slug: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url: `/p/${slug}`, headers });

  /** Views `slug` until `ok` holds, at most a second; returns how long it took. */
  async function seenWithin(slug: string, ok: (res: Awaited<ReturnType<typeof view>>) => boolean): Promise<number> {
    const start = Date.now();
    for (;;) {
      const res = await view(slug);
      if (ok(res)) return Date.now() - start;
      if (Date.now() - start > 1_000) throw new Error(`not seen within a second: ${res.statusCode} ${res.body.slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  const livePage = (title: string) =>
    aLivePage(elsewhere, title, [{ kind: 'LINK', data: { url: 'https://one.example/', title: 'First link' } }]);

  it('serves a page from memory once it was viewed: a change that notifies nobody is not seen', async () => {
    const page = await livePage('From memory');
    expect((await view(page.slug)).body).toContain('From memory');
    // (The publish's own notification may arrive after that first view, and drop what it loaded.)
    await new Promise((r) => setTimeout(r, 100));
    expect((await view(page.slug)).body).toContain('From memory');
    // Changed behind the cache's back: a plain UPDATE, not the repository, which is what tells the processes.
    await t.sql(`UPDATE pages SET title = 'Changed unseen' WHERE id = '${page.id}'`);
    const again = await view(page.slug);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('From memory');
  });

  it('sees a publish, a title, description or theme change and an archive made by another process within a second', async () => {
    const page = await livePage('Before');
    expect((await view(page.slug)).body).toContain('First link');
    let stamp = page.draft.updated_at as string;

    const withBlock = await elsewhere('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: stamp,
      kind: 'LINK',
      data: { url: 'https://two.example/', title: 'Second link' },
    });
    expect((await view(page.slug)).body).not.toContain('Second link'); // a draft edit changes nothing live
    await elsewhere('POST', `/v1/pages/${page.id}/publish`, {});
    expect(await seenWithin(page.slug, (r) => r.body.includes('Second link'))).toBeLessThan(1_000);
    stamp = withBlock.draft.updated_at;

    const patch = async (body: Json) => {
      const current = await elsewhere('GET', `/v1/pages/${page.id}`);
      await elsewhere('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: current.draft.updated_at, ...body });
    };
    await patch({ title: 'After' });
    expect(await seenWithin(page.slug, (r) => r.body.includes('<title>After'))).toBeLessThan(1_000);
    await patch({ description: 'A fresh description' });
    expect(await seenWithin(page.slug, (r) => r.body.includes('A fresh description'))).toBeLessThan(1_000);
    const themed = (await view(page.slug)).body;
    await patch({ theme_preset_key: 'midnight' });
    expect(await seenWithin(page.slug, (r) => r.statusCode === 200 && r.body !== themed)).toBeLessThan(1_000);

    await elsewhere('POST', `/v1/pages/${page.id}/archive`, {});
    expect(await seenWithin(page.slug, (r) => r.statusCode === 404)).toBeLessThan(1_000);
  });

  it('sees a new slug, its redirects and an avatar set by another process within a second (docs/adr/0042)', async () => {
    const page = await livePage('Moving house');
    const patch = async (body: Json) => {
      const current = await elsewhere('GET', `/v1/pages/${page.id}`);
      return elsewhere('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: current.draft.updated_at, ...body });
    };
    const [first, second, third] = [`${page.slug}-a`, `${page.slug}-b`, `${page.slug}-c`];
    expect((await view(page.slug)).statusCode).toBe(200); // the page, kept under its old slug
    expect((await view(first)).statusCode).toBe(404); // a miss, kept too
    await patch({ slug: first });
    expect(await seenWithin(first, (r) => r.statusCode === 200)).toBeLessThan(1_000);
    expect(await seenWithin(page.slug, (r) => r.statusCode === 301 && r.headers.location === `/p/${first}`)).toBeLessThan(1_000);
    // A second move reaches the redirect kept for the first slug: it points straight at the newest.
    await patch({ slug: second });
    expect(await seenWithin(page.slug, (r) => r.headers.location === `/p/${second}`)).toBeLessThan(1_000);
    expect(await seenWithin(first, (r) => r.headers.location === `/p/${second}`)).toBeLessThan(1_000);
    const face = await t.commands.execute(new AddFileCommand(tenant.workspace.id, 'face.png', 'image/png', Buffer.from([1])));
    await patch({ avatar_file_id: face.id });
    expect(await seenWithin(second, (r) => r.body.includes(`src="${face.public_path}"`))).toBeLessThan(1_000);
    // Archived, the page takes its redirects offline with it.
    await patch({ slug: third });
    expect(await seenWithin(second, (r) => r.statusCode === 301)).toBeLessThan(1_000);
    await elsewhere('POST', `/v1/pages/${page.id}/archive`, {});
    for (const slug of [page.slug, first, second, third]) expect(await seenWithin(slug, (r) => r.statusCode === 404)).toBeLessThan(1_000);
  });

  it('forgets a missing slug once a page is published there', async () => {
    const draft = await elsewhere('POST', '/v1/pages', { title: 'Not yet live' });
    expect((await view(draft.slug)).statusCode).toBe(404);
    expect((await view(draft.slug)).statusCode).toBe(404); // remembered as a miss
    await elsewhere('POST', `/v1/pages/${draft.id}/publish`, {});
    expect(await seenWithin(draft.slug, (r) => r.statusCode === 200)).toBeLessThan(1_000);
  });

  it('sees a change made by this process too', async () => {
    const page = await livePage('Own change');
    expect((await view(page.slug)).statusCode).toBe(200);
    const current = (await t.inject({ method: 'GET', url: `/v1/pages/${page.id}`, headers: tenant.auth })).json() as Json;
    const res = await t.inject({
      method: 'PATCH',
      url: `/v1/pages/${page.id}`,
      headers: { ...tenant.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ expected_updated_at: current.draft.updated_at, title: 'Own change, renamed' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await seenWithin(page.slug, (r) => r.body.includes('Own change, renamed'))).toBeLessThan(1_000);
  });

  it('answers If-None-Match with 304 while the page is unchanged, and counts those views', async () => {
    const page = await livePage('Revalidated');
    const summary = async () =>
      ((await t.inject({ method: 'GET', url: '/v1/analytics/summary?range_days=7', headers: tenant.auth })).json() as Json).totals
        .views as number;
    const before = await summary();
    const first = await view(page.slug);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const revalidated = await view(page.slug, { 'if-none-match': etag });
    expect([revalidated.statusCode, revalidated.body, revalidated.headers.etag]).toEqual([304, '', etag]);
    expect((await view(page.slug, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect(await summary()).toBe(before + 3);

    const current = await elsewhere('GET', `/v1/pages/${page.id}`);
    await elsewhere('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: current.draft.updated_at, title: 'Revalidated again' });
    await seenWithin(page.slug, (r) => r.body.includes('Revalidated again'));
    const changed = await view(page.slug, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('reads from the database while the listener is lost, and caches again once it hears', async () => {
    const page = await livePage('Listener lost');
    expect((await view(page.slug)).statusCode).toBe(200);
    // Cut the LISTEN connections (both applications listen again after a pause).
    await t.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE query = 'LISTEN live_pages' AND pid <> pg_backend_pid()`);
    await t.sql(`UPDATE pages SET title = 'Changed while deaf' WHERE id = '${page.id}'`); // notifies nobody
    // Unheard, but either read from the database (listener lost) or loaded afresh (it heard again: cache emptied).
    expect(await seenWithin(page.slug, (r) => r.body.includes('Changed while deaf'))).toBeLessThan(1_000);
    await listening();
    const current = await elsewhere('GET', `/v1/pages/${page.id}`);
    await elsewhere('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: current.draft.updated_at, title: 'Heard again' });
    expect(await seenWithin(page.slug, (r) => r.body.includes('Heard again'))).toBeLessThan(1_000);
  });
});
