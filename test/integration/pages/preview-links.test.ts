import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { FlushVisitsCommand } from '../../../src/analytics/index.js';
import { AddFileCommand } from '../../../src/files/index.js';
import { createHttpApp } from '../../../src/http-app.js';
import { PageRepository } from '../../../src/pages/application/ports/page.ports.js';
import { Keyring } from '../../../src/platform/config/keyring.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiCall, apiOk, type Json } from '../../support/api-calls.js';
import { ManualClock } from '../../support/manual-clock.js';
import { untilWaitingOnLock } from '../../support/lock-waits.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const SITE = 'https://bio.example';

/**
 * Draft preview links (decisions.md, "Draft preview links (operation 23)"; docs/adr/0043): a signed, expiring URL
 * that shows the page's current draft in the live renderer, counted nowhere, indexed nowhere.
 */
describe('draft preview links', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  let api: ReturnType<typeof apiOk>;
  const clock = new ManualClock();
  let notFoundPage: string;

  beforeAll(async () => {
    t = await startTestApp({ clock, env: { RATE_LIMIT_BURST_REQUESTS: '100000', PUBLIC_SITE_URL: `${SITE}/p` } });
    tenant = await aTenant(t.commands);
    api = apiOk(t, tenant.auth);
    notFoundPage = (await t.inject({ method: 'GET', url: '/p/no-such-page' })).body;
  });
  afterAll(() => t.close());

  /** The path of a preview URL, as this app serves it (the URL names the configured site's origin). */
  const pathOf = (url: string) => {
    expect(url.startsWith(`${SITE}/preview/`)).toBe(true);
    return url.slice(SITE.length);
  };
  const open = (url: string) => t.inject({ method: 'GET', url: url.startsWith('/') ? url : pathOf(url) });
  const link = (pageId: string, body?: object, auth = tenant.auth, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: `/v1/pages/${pageId}/preview-links`,
      headers: { ...auth, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const revoke = (pageId: string, auth = tenant.auth, headers: Record<string, string> = {}) =>
    t.inject({ method: 'DELETE', url: `/v1/pages/${pageId}/preview-links`, headers: { ...auth, ...headers } });
  const problem = (res: LightMyRequestResponse, status: number, code: string) => {
    expect([res.statusCode, res.headers['content-type']]).toEqual([status, 'application/problem+json; charset=utf-8']);
    expect(res.json()).toMatchObject({ status, code });
    return res.json() as Json;
  };
  const expectNotFoundPage = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(notFoundPage);
  };
  const viewsOf = async (pageId: string) => {
    expect(await t.commands.execute(new FlushVisitsCommand())).toBe(true);
    const [row] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1`, [pageId]);
    return row!.n;
  };
  /** A draft page with a link, an image-less text, a file-less newsletter form. */
  const draftPage = () =>
    aLivePage(
      api,
      'Draft of Ada',
      [
        { kind: 'HEADER', data: { text: 'Coming soon' } },
        { kind: 'LINK', data: { url: 'https://example.com/talk', title: 'My next talk' } },
        { kind: 'EMBED', data: { url: 'https://vimeo.com/76979871', title: 'Trailer' } },
        { kind: 'NEWSLETTER', data: { title: 'Letters', button_label: 'Join' } },
      ],
      { publish: false },
    );

  it('makes a link that shows the draft with a banner, straight links, disabled forms, and strict headers', async () => {
    const page = await draftPage();
    clock.set(new Date('2026-11-26T10:00:00.400Z'));
    const res = await link(page.id);
    expect(res.statusCode).toBe(201);
    const created = res.json() as Json;
    expect(created).toEqual({ object: 'preview_link', page_id: page.id, url: expect.any(String), expires_at: '2026-11-27T10:00:01.000Z' });
    expect(created.url).toMatch(/^https:\/\/bio\.example\/preview\/[A-Za-z0-9_.-]{60,120}$/);

    const shown = await open(created.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'x-robots-tag': 'noindex, nofollow',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.headers['content-security-policy']).not.toContain('script');
    expect(shown.headers.etag).toBeUndefined();
    const doc = shown.body;
    expect(doc).toContain('<meta name="robots" content="noindex">');
    expect(doc).toMatch(/class="preview-banner"[^>]*><strong>Preview<\/strong>/);
    expect(doc).toContain('Coming soon');
    expect(doc).toContain('href="https://example.com/talk"');
    expect(doc).toContain('<a class="card" href="https://vimeo.com/76979871">Trailer<small>On Vimeo</small></a>');
    expect(doc).not.toMatch(/\/r\//);
    expect(doc).not.toMatch(/<script/i);
    expect(doc).toContain('<fieldset disabled>');
    expect(doc).not.toMatch(/<form[^>]*action=/);
    expect(doc).not.toContain('/subscribe/');
    // Opening it counts no view, and a HEAD is answered the same way.
    expect((await t.inject({ method: 'HEAD', url: pathOf(created.url) })).statusCode).toBe(200);
    expect(await viewsOf(page.id)).toBe(0);
  });

  it('shows the newest draft, not the one of when the link was made, and never the live snapshot', async () => {
    let page = await aLivePage(api, 'Published Ada', [{ kind: 'HEADER', data: { text: 'Live heading' } }]);
    const { url } = (await link(page.id)).json() as Json;
    page = await api('GET', `/v1/pages/${page.id}`);
    page = await api('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: page.draft.updated_at,
      kind: 'TEXT',
      data: { text: 'Written after the link was made' },
    });
    await api('PATCH', `/v1/pages/${page.id}`, {
      expected_updated_at: page.draft.updated_at,
      block_updates: [{ block_id: page.draft.blocks[0].id, data: { text: 'Draft heading' } }],
    });
    const preview = (await open(url)).body;
    expect(preview).toContain('Written after the link was made');
    expect(preview).toContain('Draft heading');
    expect(preview).not.toContain('Live heading');
    const live = (await t.inject({ method: 'GET', url: `/p/${page.slug}` })).body;
    expect(live).toContain('Live heading');
    expect(live).not.toContain('Written after the link was made');
    expect(live).not.toContain('class="preview-banner"');
    // The live page's view was counted; the previews were not.
    expect(await viewsOf(page.id)).toBe(1);
  });

  it('shows the page’s avatar, but none of the live page’s canonical or link-preview tags', async () => {
    const face = await t.commands.execute(new AddFileCommand(tenant.workspace.id, 'face.png', 'image/png', Buffer.from([1, 2, 3])));
    const page = await aLivePage(api, 'Ada with a face', [{ kind: 'HEADER', data: { text: 'Hello' } }]);
    await api('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: page.draft.updated_at, avatar_file_id: face.id });
    const live = (await t.inject({ method: 'GET', url: `/p/${page.slug}` })).body;
    expect(live).toContain('<link rel="canonical"');
    expect(live).toContain('property="og:image"');
    const preview = (await open(((await link(page.id)).json() as Json).url)).body;
    expect(preview).toContain(`<img class="avatar" src="${face.public_path}" alt="Ada with a face"`);
    expect(preview).not.toContain('rel="canonical"');
    expect(preview).not.toMatch(/og:|twitter:/);
  });

  it('expires at expires_at (the injected clock), and expires_in is 60..604800 whole seconds', async () => {
    const page = await draftPage();
    clock.set(new Date('2026-11-26T12:00:00Z'));
    const res = await link(page.id, { expires_in: 60 });
    expect(res.json()).toMatchObject({ expires_at: '2026-11-26T12:01:00.000Z' });
    const { url } = res.json() as Json;
    clock.set(new Date('2026-11-26T12:00:59.999Z'));
    expect((await open(url)).statusCode).toBe(200);
    clock.set(new Date('2026-11-26T12:01:00Z'));
    expectNotFoundPage(await open(url));
    clock.advance(7 * 86_400_000);
    expectNotFoundPage(await open(url));

    expect((await link(page.id, { expires_in: 604_800 })).json()).toMatchObject({ expires_at: '2026-12-10T12:01:00.000Z' });
    for (const bad of [59, 604_801, 3600.5, '3600', null, -1]) {
      const errors = problem(await link(page.id, { expires_in: bad }), 400, 'invalid_request').errors as Json[];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((e) => e.pointer)).toEqual(errors.map(() => '/expires_in'));
    }
    expect(problem(await link(page.id, { expires_at: '2027-01-01T00:00:00Z' }), 400, 'invalid_request').errors).toEqual([
      expect.objectContaining({ pointer: '/expires_at' }),
    ]);
  });

  it('answers an altered, truncated, foreign or overlong token with the 404 page of an unknown slug', async () => {
    const page = await draftPage();
    const { url } = (await link(page.id)).json() as Json;
    const path = pathOf(url);
    expect((await open(path)).statusCode).toBe(200);
    const token = path.slice('/preview/'.length);
    const [pageId, wsId, epoch, exp, tag] = token.split('.') as [string, string, string, string, string];
    expect(epoch).toBe('0');
    const other = await aTenant(t.commands);
    const foreign = await aLivePage(apiOk(t, other.auth), 'Not yours', [], { publish: false });
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [
      `${pageId}.${wsId}.${epoch}.${exp}.${flip(tag, 3)}`,
      `${pageId}.${wsId}.${epoch}.${(parseInt(exp, 36) + 86_400).toString(36)}.${tag}`,
      `${pageId}.${wsId}.1.${exp}.${tag}`,
      `${pageId}.${wsId}.${exp}.${tag}`,
      `${foreign.id}.${wsId}.${epoch}.${exp}.${tag}`,
      `${pageId}.${other.workspace.id}.${epoch}.${exp}.${tag}`,
      `${pageId}.${wsId}.${epoch}.${exp}.${tag.slice(0, 20)}`,
      `${pageId}.${wsId}.${epoch}.${exp}`,
      `${token}.${tag}`,
      token + 'x'.repeat(5000),
      'x',
      `${token}/more`,
      '%E0%A4%A',
      '',
    ])
      expectNotFoundPage(await open(`/preview/${bad}`));
  });

  it('gives the 404 page once the page is archived, refuses a new link (409 page_archived), and stays dead once republished', async () => {
    const page = await aLivePage(api, 'Archived soon', [{ kind: 'HEADER', data: { text: 'Still here' } }]);
    const { url } = (await link(page.id)).json() as Json;
    expect((await open(url)).statusCode).toBe(200);
    await api('POST', `/v1/pages/${page.id}/archive`, {});
    expectNotFoundPage(await open(url));
    const refused = problem(await link(page.id), 409, 'page_archived');
    expect(refused.type).toMatch(/\/errors\/page-archived$/);
    // Publishing again brings the page back, not the links of before its archive (decisions.md, fourth round).
    await api('POST', `/v1/pages/${page.id}/publish`, {});
    expect((await t.inject({ method: 'GET', url: `/p/${page.slug}` })).body).toContain('Still here');
    expectNotFoundPage(await open(url));
    // A link made now works; archiving a second time ends it too, and the first one stays dead throughout.
    const { url: fresh } = (await link(page.id)).json() as Json;
    expect((await open(fresh)).body).toContain('Still here');
    await api('POST', `/v1/pages/${page.id}/archive`, {});
    await api('POST', `/v1/pages/${page.id}/archive`, {}); // archiving an archived page changes nothing
    await api('POST', `/v1/pages/${page.id}/publish`, {});
    expectNotFoundPage(await open(fresh));
    expectNotFoundPage(await open(url));
    expect((await open(((await link(page.id)).json() as Json).url)).statusCode).toBe(200);
  });

  it('answers an unknown page or another workspace’s page as every page operation does: 404 resource_not_found', async () => {
    const other = await aTenant(t.commands);
    const theirs = await aLivePage(apiOk(t, other.auth), 'Theirs', [], { publish: false });
    expect(problem(await link(theirs.id), 404, 'resource_not_found').detail).toBe('No such page.');
    expect(problem(await link('pg_does_not_exist'), 404, 'resource_not_found').detail).toBe('No such page.');
  });

  it('refuses a test-mode key (403 test_key_read_only) and a key without pages:write (403 insufficient_scope)', async () => {
    const page = await draftPage();
    const testKey = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
    problem(await link(page.id, {}, { authorization: `Bearer ${testKey.key}` }), 403, 'test_key_read_only');
    const reader = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:read', 'publish'] });
    const refused = problem(await link(page.id, {}, { authorization: `Bearer ${reader.key}` }), 403, 'insufficient_scope');
    expect(refused.detail).toContain('pages:write');
    const writer = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:write'] });
    expect((await link(page.id, {}, { authorization: `Bearer ${writer.key}` })).statusCode).toBe(201);
  });

  it('replays the same link for the same Idempotency-Key, and refuses the key for another body', async () => {
    const page = await draftPage();
    const key = { 'idempotency-key': 'preview-once' };
    const first = await link(page.id, { expires_in: 3600 }, tenant.auth, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    clock.advance(5_000); // a new link now would carry another expiry (and so another token)
    const again = await link(page.id, { expires_in: 3600 }, tenant.auth, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const fresh = await link(page.id, { expires_in: 3600 });
    expect((fresh.json() as Json).url).not.toBe((first.json() as Json).url);
    problem(await link(page.id, { expires_in: 7200 }, tenant.auth, key), 422, 'idempotency_key_reused');
    // A call without a body is the same operation with the default lifetime.
    expect((await apiCall(t, tenant.auth)('POST', `/v1/pages/${page.id}/preview-links`)).statusCode).toBe(201);
  });

  it('revokes every link made so far (operation 24, 204): they answer the 404 page at once; links made afterwards work', async () => {
    const page = await aLivePage(api, 'Leaked draft', [{ kind: 'HEADER', data: { text: 'Secret plans' } }]);
    clock.set(new Date('2026-11-26T15:00:00.123Z'));
    const first = ((await link(page.id)).json() as Json).url;
    const second = ((await link(page.id, { expires_in: 604_800 })).json() as Json).url;
    const unrelated = ((await link((await draftPage()).id)).json() as Json).url;
    for (const url of [first, second, unrelated]) expect((await open(url)).statusCode).toBe(200);
    const before = await api('GET', `/v1/pages/${page.id}`);

    const res = await revoke(page.id);
    expect([res.statusCode, res.body]).toEqual([204, '']);
    // Within the same millisecond (the clock has not moved): the earlier links are dead, a link made now works.
    expectNotFoundPage(await open(first));
    expectNotFoundPage(await open(second));
    const after = ((await link(page.id)).json() as Json).url;
    expect((await open(after)).body).toContain('Secret plans');
    // Only this page's links end; the page, its stamp and its live page are as they were.
    expect((await open(unrelated)).statusCode).toBe(200);
    expect(await api('GET', `/v1/pages/${page.id}`)).toEqual(before);
    expect((await t.inject({ method: 'GET', url: `/p/${page.slug}` })).body).toContain('Secret plans');
    // So a change sent with the stamp read before the revocation still goes through, and brings no link back.
    await api('PATCH', `/v1/pages/${page.id}`, { expected_updated_at: before.draft.updated_at, title: 'Leaked draft, edited' });
    expectNotFoundPage(await open(first));
    expect((await open(after)).body).toContain('Leaked draft, edited');
    // A second revocation ends the link made in between.
    expect((await revoke(page.id)).statusCode).toBe(204);
    expectNotFoundPage(await open(after));
    expectNotFoundPage(await open(second));
    expect((await open(((await link(page.id)).json() as Json).url)).statusCode).toBe(200);
  });

  it('keeps a revocation when a write that read the page before it is saved after it', async () => {
    const page = await draftPage();
    const earlier = ((await link(page.id)).json() as Json).url;
    const pages = t.app.get(PageRepository);
    // An unlocked write (update, add or remove a block) reads the page, then a revocation commits, then it saves.
    const loaded = (await pages.byId(tenant.workspace.id, page.id))!;
    const stamp = loaded.stamp;
    expect((await revoke(page.id)).statusCode).toBe(204);
    loaded.edit({ title: 'Saved after the revocation' }, clock.now());
    expect(await t.app.get(Sql).transaction(() => pages.update(loaded, stamp))).toBe(true);
    expect((await api('GET', `/v1/pages/${page.id}`)).title).toBe('Saved after the revocation');
    expectNotFoundPage(await open(earlier));
    expect((await open(((await link(page.id)).json() as Json).url)).body).toContain('Saved after the revocation');
  });

  it('orders a link made while a revocation is in flight after it: the link waits for its commit, then works', async () => {
    const page = await draftPage();
    const earlier = ((await link(page.id)).json() as Json).url;
    // Another process's revocation, held open: it has moved the epoch, not yet committed.
    const revoker = new pg.Client({ connectionString: t.databaseUrl });
    await revoker.connect();
    try {
      await revoker.query('BEGIN');
      await revoker.query('UPDATE pages SET preview_epoch = preview_epoch + 1 WHERE workspace_id = $1 AND id = $2', [
        tenant.workspace.id,
        page.id,
      ]);
      let settled = false;
      const making = link(page.id).finally(() => (settled = true));
      // The new link's transaction waits on the page's row (it reads it locked) rather than signing the old epoch.
      await untilWaitingOnLock(t, () => settled);
      expect(settled).toBe(false);
      await revoker.query('COMMIT');
      const made = await making;
      expect(made.statusCode).toBe(201);
      expect((await open((made.json() as Json).url)).body).toContain('Coming soon');
      expectNotFoundPage(await open(earlier));
    } finally {
      await revoker.end();
    }
  });

  it('revokes an archived page’s links too; they stay dead once it is published again', async () => {
    const page = await aLivePage(api, 'Archived and revoked', [{ kind: 'HEADER', data: { text: 'Back' } }]);
    const earlier = ((await link(page.id)).json() as Json).url;
    await api('POST', `/v1/pages/${page.id}/archive`, {});
    expect((await revoke(page.id)).statusCode).toBe(204);
    await api('POST', `/v1/pages/${page.id}/publish`, {});
    expectNotFoundPage(await open(earlier));
    expect((await open(((await link(page.id)).json() as Json).url)).body).toContain('Back');
  });

  it('revocation: 404 for an unknown or another workspace’s page, 403 for a test-mode key or a key without pages:write', async () => {
    const page = await draftPage();
    const { url } = (await link(page.id)).json() as Json;
    const other = await aTenant(t.commands);
    const theirs = await aLivePage(apiOk(t, other.auth), 'Theirs to keep', [], { publish: false });
    const theirLink = ((await link(theirs.id, {}, other.auth)).json() as Json).url;
    expect(problem(await revoke(theirs.id), 404, 'resource_not_found').detail).toBe('No such page.');
    expect(problem(await revoke('pg_does_not_exist'), 404, 'resource_not_found').detail).toBe('No such page.');
    expect((await open(theirLink)).statusCode).toBe(200);
    const testKey = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
    problem(await revoke(page.id, { authorization: `Bearer ${testKey.key}` }), 403, 'test_key_read_only');
    const reader = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:read', 'publish'] });
    expect(problem(await revoke(page.id, { authorization: `Bearer ${reader.key}` }), 403, 'insufficient_scope').detail).toContain(
      'pages:write',
    );
    expect((await open(url)).statusCode).toBe(200); // nothing refused revoked anything
    const writer = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:write'] });
    expect((await revoke(page.id, { authorization: `Bearer ${writer.key}` })).statusCode).toBe(204);
    expectNotFoundPage(await open(url));
  });

  it('replays a revocation for the same Idempotency-Key without revoking the links made since', async () => {
    const page = await draftPage();
    const key = { 'idempotency-key': 'revoke-once' };
    const earlier = ((await link(page.id)).json() as Json).url;
    const first = await revoke(page.id, tenant.auth, key);
    expect([first.statusCode, first.headers['idempotent-replayed']]).toEqual([204, undefined]);
    expectNotFoundPage(await open(earlier));
    const since = ((await link(page.id)).json() as Json).url;
    const again = await revoke(page.id, tenant.auth, key);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([204, 'true', '']);
    expect((await open(since)).statusCode).toBe(200);
    // The same key for another page is another request.
    problem(await revoke((await draftPage()).id, tenant.auth, key), 422, 'idempotency_key_reused');
    expect((await open(since)).statusCode).toBe(200);
  });

  it('still opens a link of the format before the epoch (issued before the upgrade) until the page is revoked', async () => {
    const page = await draftPage();
    clock.set(new Date('2026-11-26T18:00:00Z'));
    const [signingKey] = new Keyring(Buffer.alloc(32, 9)).deriveAll('preview-links'); // the test app's master key
    const signed = `${page.id}.${tenant.workspace.id}.${(Date.parse('2026-11-27T18:00:00Z') / 1000).toString(36)}`;
    const tag = createHmac('sha256', signingKey!).update(`bio-page:preview-link:v1\n${signed}`).digest().subarray(0, 16);
    const legacy = `/preview/${signed}.${tag.toString('base64url')}`;
    expect((await open(legacy)).body).toContain('Coming soon');
    expect((await revoke(page.id)).statusCode).toBe(204);
    expectNotFoundPage(await open(legacy));
  });

  it('is seen by another process at once: a revocation made in one ends the link in the other, with no wait', async () => {
    clock.set(new Date()); // the other application reads the system clock
    const other = await createHttpApp(
      t.config,
      { databaseUrl: t.databaseUrl, secretKey: Buffer.alloc(32, 9), runWorkers: false },
      pino({ level: 'silent' }),
    );
    try {
      await other.app.getHttpAdapter().getInstance().ready();
      const page = await draftPage();
      const { url } = (await link(page.id)).json() as Json;
      const elsewhere = (method: 'GET' | 'DELETE' | 'POST', path: string) =>
        other.app.inject({ method, url: path, headers: method === 'GET' ? {} : tenant.auth });
      expect((await elsewhere('GET', pathOf(url))).statusCode).toBe(200);
      expect((await revoke(page.id)).statusCode).toBe(204);
      const there = await elsewhere('GET', pathOf(url));
      expect([there.statusCode, there.body]).toEqual([404, notFoundPage]);
      // And the other way round: revoked there, dead here at once; a link made there works here.
      const fresh = (await elsewhere('POST', `/v1/pages/${page.id}/preview-links`)).json() as Json;
      expect((await open(fresh.url)).statusCode).toBe(200);
      expect((await elsewhere('DELETE', `/v1/pages/${page.id}/preview-links`)).statusCode).toBe(204);
      expectNotFoundPage(await open(fresh.url));
    } finally {
      await other.app.close();
    }
  });
});
