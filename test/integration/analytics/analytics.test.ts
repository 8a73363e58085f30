import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordClickCommand, RecordViewCommand, type Visit } from '../../../src/analytics/index.js';
import { RecordSaleCommand, RefundSaleCommand } from '../../../src/commerce/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('GET /v1/analytics/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const summary = async (auth: Record<string, string>, query = '') => {
    const res = await t.inject({ method: 'GET', url: `/v1/analytics/summary${query}`, headers: auth });
    return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('is all zeros for a new workspace, with the contract’s shape', async () => {
    const tenant = await aTenant(t.commands);
    expect(await summary(tenant.auth)).toEqual({
      status: 200,
      body: {
        range_days: 30,
        totals: { views: 0, clicks: 0, unique_visitors: 0, ctr_percent: 0 },
        top_links: [],
        top_referrers: [],
        tips: { count: 0, total_gross_cents: 0, refunded_count: 0, unique_fans: 0, currency: 'usd' },
      },
    });
  });

  it.each(['0', '1', '14', '31', '365', '', 'abc', '7.0', '07a', '-7', '%207', '7.5', '7d'])(
    'refuses range_days=%s with 400 on the parameter',
    async (range) => {
      const tenant = await aTenant(t.commands);
      const res = await summary(tenant.auth, `?range_days=${range}`);
      expect([res.status, res.body.code, res.body.errors[0].parameter]).toEqual([400, 'invalid_request', 'range_days']);
    },
  );

  it.each([
    ['7', 7],
    ['30', 30],
    ['90', 90],
  ])('accepts range_days=%s', async (range, days) => {
    const tenant = await aTenant(t.commands);
    expect((await summary(tenant.auth, `?range_days=${range}`)).body.range_days).toBe(days);
  });

  it('counts views, clicks, daily unique visitors, top links and referrers recorded from visits', async () => {
    const tenant = await aTenant(t.commands);
    const page = (
      await t.inject({
        method: 'POST',
        url: '/v1/pages',
        headers: { ...tenant.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 'Links' }),
      })
    ).json() as { id: string };
    const visits = {
      view: (v: Visit) => t.commands.execute(new RecordViewCommand(v)),
      click: (v: Visit, link: { blockId: string; label: string; url: string }) => t.commands.execute(new RecordClickCommand(v, link)),
    };
    const visitor = (ip: string, referer?: string) => ({
      workspaceId: tenant.workspace.id,
      pageId: page.id,
      ip,
      userAgent: 'UA',
      referer,
      ownHosts: ['127.0.0.1'],
    });
    await visits.view(visitor('10.0.0.1', 'https://www.instagram.com/some/profile'));
    await visits.view(visitor('10.0.0.1', 'https://instagram.com/other'));
    await visits.view(visitor('10.0.0.2'));
    await visits.click(visitor('10.0.0.1'), { blockId: 'blk_a', label: 'Shop', url: 'https://shop.example.com' });
    const res = await summary(tenant.auth, '?range_days=7');
    expect(res.body).toMatchObject({
      range_days: 7,
      totals: { views: 3, clicks: 1, unique_visitors: 2, ctr_percent: 33.33 },
      top_links: [{ label: 'Shop', url: 'https://shop.example.com', clicks: 1, page_title: 'Links' }],
      top_referrers: [
        { label: 'instagram.com', views: 2 },
        { label: 'Direct', views: 1 },
      ],
    });
    const raw = await t.sql<{ visitor_hash: string }>(`SELECT visitor_hash FROM analytics_facts WHERE workspace_id = $1`, [
      tenant.workspace.id,
    ]);
    expect(raw).toHaveLength(4);
    expect(JSON.stringify(raw)).not.toContain('10.0.0');
  });

  it('keeps workspaces apart', async () => {
    const a = await aTenant(t.commands);
    const b = await aTenant(t.commands);
    await t.commands.execute(
      new RecordViewCommand({
        workspaceId: a.workspace.id,
        pageId: 'pg_x',
        ip: '1.1.1.1',
        userAgent: 'UA',
        referer: undefined,
        ownHosts: [],
      }),
    );
    expect((await summary(b.auth)).body.totals.views).toBe(0);
    expect((await summary(a.auth)).body.totals.views).toBe(1);
  });

  it('reports TIP sales in the range: count, gross, refunded, distinct fans and currency', async () => {
    const tenant = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const tip1 = await t.commands.execute(new RecordSaleCommand(ws, 'TIP', 500, 450, 'EUR', 'fan@example.com'));
    await t.commands.execute(new RecordSaleCommand(ws, 'TIP', 300, 270, 'eur', 'FAN@example.com'));
    await t.commands.execute(new RecordSaleCommand(ws, 'TIP', 1000, 900, 'eur', 'other@example.com'));
    await t.commands.execute(new RecordSaleCommand(ws, 'PRODUCT', 9900, 9000, 'eur', 'buyer@example.com'));
    await t.commands.execute(new RefundSaleCommand(tip1.id));
    await t.sql(
      `INSERT INTO sales (id, workspace_id, kind, gross_amount_cents, net_amount_cents, currency, customer_email, created_at)
       VALUES ('sale_old', $1, 'TIP', 700, 600, 'eur', 'old@example.com', now() - interval '40 days')`,
      [ws],
    );
    expect((await summary(tenant.auth)).body.tips).toEqual({
      count: 3,
      total_gross_cents: 1800,
      refunded_count: 1,
      unique_fans: 2,
      currency: 'eur',
    });
    expect((await summary(tenant.auth, '?range_days=90')).body.tips).toMatchObject({ count: 4, total_gross_cents: 2500 });
  });

  it('costs one quota unit and needs analytics:read', async () => {
    const tenant = await aTenant(t.commands);
    const res = await t.inject({ method: 'GET', url: '/v1/analytics/summary', headers: tenant.auth });
    expect(res.headers['ratelimit']).toMatch(/"monthly";r=99999/);
  });
});
