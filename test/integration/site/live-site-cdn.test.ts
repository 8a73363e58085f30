import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTenant } from '../../factories/access.factory.js';
import { apiOk, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** SITE_CDN_MAX_AGE (docs/adr/0031): the page is cacheable by a CDN and its beacon counts the views. */
describe('the live site behind a CDN', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp({ env: { SITE_CDN_MAX_AGE: '60' } });
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const api = (method: string, url: string, body?: unknown) => apiOk(t, tenant.auth)(method, url, body);
  const views = async () => (await api('GET', '/v1/analytics/summary?range_days=7')).totals.views as number;

  it('serves a cacheable page that counts nothing itself, and counts each load of its beacon', async () => {
    const page = (await api('POST', `/v1/pages/${(await api('POST', '/v1/pages', { title: 'On a CDN' })).id}/publish`, {})).page as Json;
    const before = await views();
    const res = await t.inject({ method: 'GET', url: `/p/${page.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(res.body).toContain(`<img class="hp" src="/p/${page.slug}/seen.gif" alt="" width="1" height="1">`);
    expect(await views()).toBe(before);

    for (let i = 0; i < 3; i++) {
      const beacon = await t.inject({ method: 'GET', url: `/p/${page.slug}/seen.gif`, headers: { 'user-agent': `agent ${i}` } });
      expect([beacon.statusCode, beacon.headers['content-type'], beacon.headers['cache-control']]).toEqual([200, 'image/gif', 'no-store']);
      expect(beacon.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    }
    expect(await views()).toBe(before + 3);
    expect((await t.inject({ method: 'GET', url: '/p/no-such-page/seen.gif' })).statusCode).toBe(404);
  });
});
