import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTenant } from '../factories/access.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The live site against hostile or odd input (decisions.md, "The live site under load and abuse"). */
describe('the live site under abuse', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, body?: unknown) =>
    t.inject({
      method: method as 'GET',
      url,
      headers: { ...tenant.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await call(method, url, body);
    expect(res.statusCode).toBeLessThan(300);
    return res.json() as Json;
  };
  async function livePage(title: string, blocks: object[]): Promise<Json> {
    let page = await api('POST', '/v1/pages', { title });
    for (const block of blocks)
      page = await api('POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: page.draft.updated_at, ...block });
    return (await api('POST', `/v1/pages/${page.id}/publish`, {})).page;
  }

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
});
