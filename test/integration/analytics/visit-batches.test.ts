import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { FlushVisitsCommand } from '../../../src/analytics/index.js';
import { createHttpApp } from '../../../src/http-app.js';
import type { HttpApp } from '../../../src/platform/http/http-app.js';
import { CommandBus } from '@nestjs/cqrs';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk, type Json } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Views and clicks are buffered and written in batches (docs/adr/0029): under concurrency, and from several
 * processes at once, the counts equal the requests sent, unique visitors stay exact, and a graceful stop
 * writes what is still buffered.
 */
describe('visits written in batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every request here comes from one address (inject's): the per-address view limit (docs/adr/0037) is lifted.
    t = await startTestApp({ env: { SITE_VIEWS_PER_ADDRESS_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t.close());

  /** Another application on the same database: another process, as far as PostgreSQL can tell. */
  const anotherProcess = async (): Promise<HttpApp> => {
    const other = await createHttpApp(
      t.config,
      { databaseUrl: t.databaseUrl, secretKey: Buffer.alloc(32, 9), runWorkers: false },
      pino({ level: 'silent' }),
    );
    await other.app.getHttpAdapter().getInstance().ready();
    return other;
  };

  const published = (tenant: Awaited<ReturnType<typeof aTenant>>, title: string) =>
    aLivePage(apiOk(t, tenant.auth), title, [{ kind: 'LINK', data: { url: 'https://shop.example/', title: 'Shop' } }]);

  const summary = async (tenant: Awaited<ReturnType<typeof aTenant>>) =>
    (await t.inject({ method: 'GET', url: '/v1/analytics/summary?range_days=7', headers: tenant.auth })).json() as Json;

  it('counts every one of 400 concurrent views and 200 concurrent clicks, with exact unique visitors', async () => {
    const tenant = await aTenant(t.commands);
    const page = await published(tenant, 'Busy page');
    const link = page.draft.blocks[0].id as string;
    // 150 visitors: agents 0–149, each visiting several times, some clicking too.
    const agent = (i: number) => ({ 'user-agent': `agent ${i % 150}` });
    const requests = [
      ...Array.from({ length: 400 }, (_, i) => t.inject({ method: 'GET', url: `/p/${page.slug}`, headers: agent(i) })),
      ...Array.from({ length: 200 }, (_, i) => t.inject({ method: 'GET', url: `/p/${page.slug}/r/${link}`, headers: agent(i * 7) })),
    ];
    const statuses = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(400);
    expect(statuses.filter((s) => s === 302)).toHaveLength(200);

    const s = await summary(tenant);
    expect(s.totals).toMatchObject({ views: 400, clicks: 200, unique_visitors: 150 });
    expect(s.top_links).toEqual([{ label: 'Shop', url: 'https://shop.example/', clicks: 200, page_title: 'Busy page' }]);
    const [facts] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE workspace_id = $1`, [
      tenant.workspace.id,
    ]);
    expect(facts?.n).toBe(600);
  });

  it('adds up batches that two processes write at once into the same rows, unique visitors counted once', async () => {
    const tenant = await aTenant(t.commands);
    const page = await published(tenant, 'Two processes');
    const other = await anotherProcess();
    try {
      const views = (app: { inject: TestApp['inject'] }, n: number) =>
        Array.from({ length: n }, (_, i) =>
          app.inject({ method: 'GET', url: `/p/${page.slug}`, headers: { 'user-agent': `agent ${i % 50}` } }),
        );
      const answered = await Promise.all([...views(t, 300), ...views(other.app, 300)]);
      expect(answered.every((r) => r.statusCode === 200)).toBe(true);
      // Both write at once, each its own batch, into the same rollup rows.
      await Promise.all([t.commands.execute(new FlushVisitsCommand()), other.app.get(CommandBus).execute(new FlushVisitsCommand())]);
      expect((await summary(tenant)).totals).toMatchObject({ views: 600, unique_visitors: 50 });
    } finally {
      await other.app.close();
    }
  });

  it('writes the buffered views at a graceful stop: none is lost', async () => {
    const tenant = await aTenant(t.commands);
    const page = await published(tenant, 'Stopping');
    const other = await anotherProcess();
    const answered = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        other.app.inject({ method: 'GET', url: `/p/${page.slug}`, headers: { 'user-agent': `a${i}` } }),
      ),
    );
    expect(answered.every((r) => r.statusCode === 200)).toBe(true);
    await other.app.close(); // at once: the views are still buffered
    const [facts] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1`, [page.id]);
    expect(facts?.n).toBe(250);
    const [totals] = await t.sql<{ views: number }>(`SELECT views::int FROM analytics_daily_totals WHERE workspace_id = $1`, [
      tenant.workspace.id,
    ]);
    expect(totals?.views).toBe(250);
  });

  it('writes views within about a second without anyone asking', async () => {
    const tenant = await aTenant(t.commands);
    const page = await published(tenant, 'Within a second');
    const other = await anotherProcess();
    try {
      await Promise.all(Array.from({ length: 20 }, () => other.app.inject({ method: 'GET', url: `/p/${page.slug}` })));
      const start = Date.now();
      for (;;) {
        const [facts] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1`, [page.id]);
        if (facts?.n === 20) break;
        expect(Date.now() - start).toBeLessThan(2_500);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await other.app.close();
    }
  });
});
