import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { FlushVisitsCommand } from '../../src/analytics/index.js';
import { AddFileCommand } from '../../src/files/index.js';
import { aKey, aTenant } from '../factories/access.factory.js';
import { aLivePage, apiCall, apiOk, type Json } from '../support/api-calls.js';
import { ManualClock } from '../support/manual-clock.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

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
    const [pageId, wsId, exp, tag] = token.split('.') as [string, string, string, string];
    const other = await aTenant(t.commands);
    const foreign = await aLivePage(apiOk(t, other.auth), 'Not yours', [], { publish: false });
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [
      `${pageId}.${wsId}.${exp}.${flip(tag, 3)}`,
      `${pageId}.${wsId}.${(parseInt(exp, 36) + 86_400).toString(36)}.${tag}`,
      `${foreign.id}.${wsId}.${exp}.${tag}`,
      `${pageId}.${other.workspace.id}.${exp}.${tag}`,
      `${pageId}.${wsId}.${exp}.${tag.slice(0, 20)}`,
      `${pageId}.${wsId}.${exp}`,
      `${token}.${tag}`,
      token + 'x'.repeat(5000),
      'x',
      `${token}/more`,
      '%E0%A4%A',
      '',
    ])
      expectNotFoundPage(await open(`/preview/${bad}`));
  });

  it('gives the 404 page once the page is archived, refuses a new link (409 page_archived), works again once republished', async () => {
    const page = await aLivePage(api, 'Archived soon', [{ kind: 'HEADER', data: { text: 'Still here' } }]);
    const { url } = (await link(page.id)).json() as Json;
    expect((await open(url)).statusCode).toBe(200);
    await api('POST', `/v1/pages/${page.id}/archive`, {});
    expectNotFoundPage(await open(url));
    const refused = problem(await link(page.id), 409, 'page_archived');
    expect(refused.type).toMatch(/\/errors\/page-archived$/);
    await api('POST', `/v1/pages/${page.id}/publish`, {});
    expect((await open(url)).body).toContain('Still here');
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
});
