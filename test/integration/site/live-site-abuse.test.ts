import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiCall, apiOk, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The live site against hostile or odd input (decisions.md, "The live site under load and abuse"). */
describe('the live site under abuse', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, body?: unknown) => apiCall(t, tenant.auth)(method, url, body);
  const api = (method: string, url: string, body?: unknown) => apiOk(t, tenant.auth)(method, url, body);
  const livePage = (title: string, blocks: object[]) => aLivePage(api, title, blocks);

  it('answers with an HTML page, never a JSON body, whatever goes wrong on the site', async () => {
    const page = await livePage('Odd requests', [{ kind: 'NEWSLETTER', data: { title: 'News' } }]);
    const block = page.draft.blocks[0].id as string;
    const cases = [
      // a body over the limit, refused while it is read
      t.inject({
        method: 'POST',
        url: `/p/${page.slug}/subscribe/${block}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${'a'.repeat(2 * 1024 * 1024)}`,
      }),
      // an address under the site that no route has
      t.inject({ method: 'GET', url: `/p/${page.slug}/nowhere/at/all` }),
      t.inject({ method: 'DELETE', url: `/p/${page.slug}` }),
    ];
    const answers = await Promise.all(cases);
    expect(answers.map((r) => [r.statusCode, r.headers['content-type']])).toEqual([
      [413, 'text/html; charset=utf-8'],
      [404, 'text/html; charset=utf-8'],
      [404, 'text/html; charset=utf-8'],
    ]);
  });

  describe('safe redirects', () => {
    it('stores an IDN link in its normalized form and redirects to it with an ASCII Location', async () => {
      const page = await livePage('Idn', [{ kind: 'LINK', data: { url: 'https://例え.jp/€?q=ü', title: 'Japan' } }]);
      const res = await t.inject({ method: 'GET', url: `/p/${page.slug}/r/${page.draft.blocks[0].id}` });
      expect([res.statusCode, res.headers.location]).toEqual([302, 'https://xn--r8jz45g.jp/%E2%82%AC?q=%C3%BC']);
      const top = (await api('GET', '/v1/analytics/summary?range_days=7')).top_links;
      expect(top).toContainEqual(expect.objectContaining({ label: 'Japan', url: 'https://xn--r8jz45g.jp/%E2%82%AC?q=%C3%BC' }));
    });

    it.each([['https://example.com/\tx'], ['https://example.com/a\r\nSet-Cookie: a=1'], ['https://exa\nmple.com/']])(
      'refuses a link URL holding a control character (%j) with 400',
      async (url) => {
        const page = await api('POST', '/v1/pages', { title: 'Controls' });
        const res = await call('POST', `/v1/pages/${page.id}/blocks`, {
          expected_updated_at: page.draft.updated_at,
          kind: 'LINK',
          data: { url, title: 'x' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_request', errors: [{ pointer: '/data/url' }] });
      },
    );
  });

  describe('form posts from another site', () => {
    const post = (url: string, origin: string | undefined, fields: Record<string, string>) =>
      t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
        payload: new URLSearchParams(fields).toString(),
      });
    const contacts = async (email: string) => (await api('GET', '/v1/contacts')).data.filter((c: Json) => c.email === email).length;

    it('refuses a sign-up whose Origin names another site (or null) with a 403 HTML page, and stores nothing', async () => {
      const page = await livePage('Origins', [{ kind: 'NEWSLETTER', data: { title: 'Letters' } }]);
      const url = `/p/${page.slug}/subscribe/${page.draft.blocks[0].id}`;
      for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:3000.evil.example']) {
        const res = await post(url, origin, { email: 'victim@example.com' });
        expect([origin, res.statusCode, res.headers['content-type']]).toEqual([origin, 403, 'text/html; charset=utf-8']);
        expect(res.body).toContain('can’t be sent from here');
      }
      expect(await contacts('victim@example.com')).toBe(0);
      // The page's own origin (PUBLIC_SITE_URL's), the origin the request was sent to, and no Origin at all are accepted.
      expect((await post(url, 'http://127.0.0.1:3000', { email: 'own@example.com' })).statusCode).toBe(303);
      expect((await post(url, undefined, { email: 'old@example.com' })).statusCode).toBe(303);
      expect(await contacts('own@example.com')).toBe(1);
    });

    it('takes at most 10 form posts per 10 minutes from one address to one page: then a 429 page, nothing stored', async () => {
      const page = await livePage('Flood', [{ kind: 'NEWSLETTER', data: { title: 'Letters' } }]);
      const other = await livePage('Elsewhere', [{ kind: 'NEWSLETTER', data: { title: 'Letters' } }]);
      const url = `/p/${page.slug}/subscribe/${page.draft.blocks[0].id}`;
      const from = (address: string, email: string) =>
        t.inject({
          method: 'POST',
          url,
          remoteAddress: address,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email }).toString(),
        });
      const statuses = [];
      for (let i = 1; i <= 12; i++) statuses.push((await from('203.0.113.50', `flood${i}@example.com`)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(303), 429, 429]);
      const refused = await from('203.0.113.50', 'flood13@example.com');
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
      expect(refused.body).toContain('Too many tries');
      let stored = 0;
      for (let i = 1; i <= 13; i++) stored += await contacts(`flood${i}@example.com`);
      expect(stored).toBe(10);
      // Another address, and the same address on another page, have windows of their own.
      expect((await from('203.0.113.51', 'neighbour@example.com')).statusCode).toBe(303);
      const elsewhere = await t.inject({
        method: 'POST',
        url: `/p/${other.slug}/subscribe/${other.draft.blocks[0].id}`,
        remoteAddress: '203.0.113.50',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=again%40example.com',
      });
      expect(elsewhere.statusCode).toBe(303);
    });

    it('refuses a gated download form posted from another site', async () => {
      const page = await livePage('Gated origin', [{ kind: 'NEWSLETTER', data: { title: 'Letters' } }]);
      const res = await post(`/p/${page.slug}/d/blk_any`, 'https://evil.example', { email: 'x@example.com' });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('the live site behind a proxy (TRUST_PROXY)', () => {
  /** Unique visitors of a fresh workspace after one view from each X-Forwarded-For address. */
  async function uniqueVisitors(env: Record<string, string>): Promise<number> {
    const t = await startTestApp({ env });
    try {
      const tenant = await aTenant(t.commands);
      const send = async (method: string, url: string, body?: unknown) =>
        (
          await t.inject({
            method: method as 'GET',
            url,
            headers: { ...tenant.auth, 'content-type': 'application/json' },
            payload: body ? JSON.stringify(body) : undefined,
          })
        ).json() as Json;
      const page = await send('POST', '/v1/pages', { title: 'Proxied' });
      const live = (await send('POST', `/v1/pages/${page.id}/publish`, {})).page;
      for (const client of ['203.0.113.7', '198.51.100.20', '192.0.2.1'])
        expect((await t.inject({ method: 'GET', url: `/p/${live.slug}`, headers: { 'x-forwarded-for': client } })).statusCode).toBe(200);
      return (await send('GET', '/v1/analytics/summary?range_days=7')).totals.unique_visitors as number;
    } finally {
      await t.close();
    }
  }

  it('tells visitors apart by X-Forwarded-For only when the proxy is trusted', async () => {
    expect(await uniqueVisitors({})).toBe(1); // every view comes from the balancer's address
    expect(await uniqueVisitors({ TRUST_PROXY: '1' })).toBe(3);
    expect(await uniqueVisitors({ TRUST_PROXY: '127.0.0.1/8' })).toBe(3);
    expect(await uniqueVisitors({ TRUST_PROXY: '10.0.0.0/8' })).toBe(1); // the peer is not a trusted proxy
  }, 60_000);
});
