import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FlushVisitsCommand } from '../../../src/analytics/index.js';
import { Metrics } from '../../../src/platform/observability/metrics.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * Views are counted honestly (decisions.md, third round; docs/adr/0037): every request is served, and only a person's
 * own load of the page counts, at most SITE_VIEWS_PER_ADDRESS_PER_MINUTE per page and address.
 */
describe('honest view counting on the live site', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp({ env: { SITE_VIEWS_PER_ADDRESS_PER_MINUTE: '5' } });
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const livePage = (title: string) => aLivePage(apiOk(t, tenant.auth), title, []);
  const counted = async (pageId: string) => {
    expect(await t.commands.execute(new FlushVisitsCommand())).toBe(true);
    const [row] = await t.sql<{ views: number; visitors: number }>(
      `SELECT count(*)::int AS views, count(DISTINCT visitor_hash)::int AS visitors FROM analytics_facts WHERE page_id = $1`,
      [pageId],
    );
    return row;
  };
  const notCounted = async () =>
    Object.fromEntries(
      ((await t.app.get(Metrics).viewsNotCounted?.get())?.values ?? []).map((v) => [String(v.labels.reason), v.value]),
    ) as Record<string, number>;

  it('serves HEAD, prefetches, embedded loads and self-declared robots without counting them; a page load counts', async () => {
    const page = await livePage('Honest counts');
    const url = `/p/${page.slug}`;
    const before = await notCounted();
    const uncounted = [
      { method: 'HEAD' as const, headers: { 'user-agent': BROWSER } },
      { method: 'GET' as const, headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' } },
      { method: 'GET' as const, headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' } },
      { method: 'GET' as const, headers: { 'user-agent': BROWSER, purpose: 'prefetch' } },
      { method: 'GET' as const, headers: { 'user-agent': BROWSER, 'sec-fetch-dest': 'image' } },
      { method: 'GET' as const, headers: { 'user-agent': BROWSER, 'sec-fetch-dest': 'iframe' } },
      { method: 'GET' as const, headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } },
      { method: 'GET' as const, headers: { 'user-agent': 'Some-Crawler/1.0' } },
      { method: 'GET' as const, headers: { 'user-agent': 'Mozilla/5.0 (compatible; Baiduspider/2.0)' } },
      { method: 'GET' as const, headers: { 'user-agent': 'Mozilla/5.0 Google Page PREVIEW' } },
    ];
    for (const [i, req] of uncounted.entries()) {
      const res = await t.inject({ ...req, url, remoteAddress: `198.51.100.${i + 1}` });
      expect([req, res.statusCode, res.headers['content-type']]).toEqual([req, 200, 'text/html; charset=utf-8']);
    }
    expect(await counted(page.id)).toEqual({ views: 0, visitors: 0 });
    const summary = (await t.inject({ method: 'GET', url: '/v1/analytics/summary?range_days=7', headers: tenant.auth })).json() as Json;
    expect(summary.totals).toMatchObject({ views: 0, unique_visitors: 0 });
    const after = await notCounted();
    const moved = (reason: string) => (after[reason] ?? 0) - (before[reason] ?? 0);
    expect({ head: moved('head'), prefetch: moved('prefetch'), not_document: moved('not_document'), bot: moved('bot') }).toEqual({
      head: 1,
      prefetch: 3,
      not_document: 2,
      bot: 4,
    });

    // A browser's own load of the page (with or without fetch metadata) counts, and so does its revalidation.
    await t.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, 'sec-fetch-dest': 'document' }, remoteAddress: '203.0.113.7' });
    await t.inject({ method: 'GET', url, headers: { 'user-agent': 'curl/8.5.0' }, remoteAddress: '203.0.113.8' });
    expect(await counted(page.id)).toEqual({ views: 2, visitors: 2 });
  });

  it('counts at most the configured views of a page per address per minute, however the User-Agent rotates', async () => {
    const page = await livePage('Rotating agents');
    const other = await livePage('Another page');
    const view = (slug: string, i: number, remoteAddress: string) =>
      t.inject({ method: 'GET', url: `/p/${slug}`, headers: { 'user-agent': `${BROWSER} r${i}` }, remoteAddress });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await view(page.slug, i, '192.0.2.10'));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // Another page, and another address, have limits of their own.
    for (let i = 0; i < 3; i++) await view(other.slug, i, '192.0.2.10');
    for (let i = 0; i < 3; i++) await view(page.slug, i, '192.0.2.11');
    expect(await counted(page.id)).toEqual({ views: 5 + 3, visitors: 5 + 3 });
    expect((await counted(other.id)).views).toBe(3);
  });
});

describe('slugs no page can have', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers a slug that is not UTF-8, or longer than any slug, with the same 404 page as an unknown slug', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/p/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    for (const url of [
      '/p/%FF%FE',
      '/p/%C3%28',
      '/p/%E0%A4%A',
      `/p/${'a'.repeat(8192)}`,
      `/p/${'%F0%9F%98%80'.repeat(700)}`,
      '/p/%FF%FE/r/blk_1',
      `/p/${'a'.repeat(8192)}/r/blk_1`,
      `/p/ok-slug/r/${'b'.repeat(8192)}`,
      `/p/%FF/d/blk_1`,
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect([url.slice(0, 40), res.statusCode, res.headers['content-type'], res.body]).toEqual([
        url.slice(0, 40),
        404,
        'text/html; charset=utf-8',
        unknown.body,
      ]);
    }
  });
});
