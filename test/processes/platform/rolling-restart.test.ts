import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { Haproxy } from '../../support/haproxy.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { launch, stop } from '../../support/processes.js';
import { SteadyLoad, tcpPortsOf, type LoadRequest } from '../../support/steady-load.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the processes read what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');
/** HAProxy checks every 100 ms and takes a server out after 2 failed checks: 1.5 s covers that on a busy machine. */
const CHECK_INTER = '100ms';
const DRAIN_MS = 1_500;
const BURST = 200;
const QUOTA = 60;
const PAGES = 50;
const EVENTS = 2_000;
/**
 * The connection budget at the defaults (docs/adr/0051): 3 API processes x (API pool 15 + workers' pool 2) and
 * 2 worker processes x (API pool 2 + workers' pool 8) = 71, plus a restarted process's migrator (2).
 */
const BUDGET = 3 * (15 + 2) + 2 * (2 + 8) + 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Many processes (decisions.md, "Many processes, then many machines"; docs/adr/0051): three API processes behind
 * HAProxy running deploy/haproxy.cfg, and two worker processes, on one database. Each API process is restarted in
 * turn under a steady keep-alive load: no request fails and HAProxy resends none. Meanwhile the workers publish 50
 * pages scheduled for one instant exactly once each and deliver 2,000 events exactly once each; the burst limit and
 * the monthly quota are one budget across the processes; a page change reaches every live site within 1 s; and the
 * processes never hold more PostgreSQL connections than the budget.
 */
describe('a rolling restart of three API processes behind HAProxy, with two workers', () => {
  let t: TestApp;
  let haproxy: Haproxy;
  const rx = new HttpsReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-restart-'));
  const apis: { port: number; child: ChildProcess }[] = [];
  const workers: ChildProcess[] = [];
  const workerLogs: (() => string)[] = [];
  let env: Record<string, string>;
  let sampling = true;
  let sampler: Promise<void>;
  const peak = { total: 0, byName: {} as Record<string, number> };

  /** The connections the processes hold on the test database (the test's own left out), sampled until the end. */
  async function sampleConnections(): Promise<void> {
    const database = new URL(t.databaseUrl).pathname.slice(1);
    while (sampling) {
      const own = tcpPortsOf([process.pid]);
      const rows = await t.sql<{ client_port: number; application_name: string }>(
        `SELECT client_port, application_name FROM pg_stat_activity WHERE datname = $1`,
        [database],
      );
      const theirs = rows.filter((r) => !own.has(r.client_port));
      if (theirs.length > peak.total) {
        peak.total = theirs.length;
        peak.byName = {};
        for (const r of theirs) peak.byName[r.application_name] = (peak.byName[r.application_name] ?? 0) + 1;
      }
      await sleep(100);
    }
  }

  const startApi = (port: number) => launch('dist/main.js', { ...env, PORT: String(port), RUN_WORKERS: 'false' }, /API listening/);

  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '100000', WEBHOOK_ALLOWED_TARGETS: rx.target } });
    env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      TRUST_PROXY: '1',
      RATE_LIMIT_BURST_REQUESTS: String(BURST),
      RATE_LIMIT_BURST_WINDOW_SECONDS: '3600',
      QUOTA_CREATOR_UNITS: String(QUOTA),
      WEBHOOK_ALLOWED_TARGETS: rx.target,
      NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
    };
    sampler = sampleConnections();
    const ports = [await freePort(), await freePort(), await freePort()];
    const started = await Promise.all([
      ...ports.map(startApi),
      launch('dist/worker.js', env, /workers running/),
      launch('dist/worker.js', env, /workers running/),
    ]);
    ports.forEach((port, i) => apis.push({ port, child: started[i]!.child }));
    workers.push(started[3]!.child, started[4]!.child);
    workerLogs.push(started[3]!.output, started[4]!.output);
    const servers = ports.map((p) => `127.0.0.1:${p}`) as [string, string, string];
    haproxy = await Haproxy.start(await freePort(), servers, CHECK_INTER);
  }, 90_000);

  afterAll(async () => {
    sampling = false;
    await sampler;
    await Promise.all([...apis.map((a) => stop(a.child)), ...workers.map((w) => stop(w))]);
    await haproxy?.stop();
    await t.close();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts each API process in turn under steady load: no request fails, none is resent; the workers work on', async () => {
    // The load: 30 tenants (each well under the burst limit), reading and writing, and the live site.
    const tenants = await Promise.all(Array.from({ length: 30 }, () => aTenant(t.commands)));
    const page = await aLivePage(apiOk(t, tenants[0]!.auth), 'Under load', [
      { kind: 'LINK', data: { url: 'https://one.example/', title: 'A link' } },
    ]);
    const next = (n: number): LoadRequest => {
      const auth = tenants[n % tenants.length]!.auth;
      if (n % 3 === 0) return { method: 'GET', path: `/p/${page.slug}` };
      if (n % 3 === 1) return { method: 'GET', path: '/v1/contacts?limit=5', headers: auth };
      // not idempotent (no Idempotency-Key): HAProxy would never resend it, so it must never need to be
      return { method: 'POST', path: '/v1/pages', headers: { ...auth, 'content-type': 'application/json' }, body: '{"title":"Load"}' };
    };

    // The workers' share: 50 pages scheduled for one instant, and 2,000 events to deliver.
    const publisher = await aTenant(t.commands);
    const call = apiOk(t, publisher.auth);
    for (const [path, type] of [
      ['/published', 'page.published'],
      ['/events', 'contact.created'],
    ])
      await call('POST', '/v1/webhook-endpoints', { url: rx.url(path), event_types: [type] });
    const drafts = await Promise.all(Array.from({ length: PAGES }, (_, i) => call('POST', '/v1/pages', { title: `Scheduled ${i}` })));
    const instant = new Date(Date.now() + 4_000).toISOString();
    await Promise.all(drafts.map((d) => call('POST', `/v1/pages/${d.id}/publish`, { starts_at: instant })));

    const load = new SteadyLoad(haproxy.port, next, 8, 60);
    await sleep(1_000);
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
       SELECT 'whmsg_roll' || g, $1, 'contact.created', '{"data":{}}', now() FROM generate_series(1, $2::int) g`,
      [publisher.workspace.id, EVENTS],
    );
    for (const [i, api] of apis.entries()) {
      expect(await stop(api.child)).toBe(0);
      api.child = (await startApi(api.port)).child;
      await haproxy.waitFor(`api${i + 1}`, 'UP');
    }
    await sleep(1_000);
    const report = await load.stop();

    expect(report.failures).toEqual([]);
    expect(report.sent).toBeGreaterThan(300);
    const backend = (await haproxy.stats()).find((r) => r.pxname === 'api' && r.svname === 'BACKEND')!;
    expect({ retries: backend.wretr, redispatches: backend.wredis, connectionErrors: backend.econ }).toEqual({
      retries: '0',
      redispatches: '0',
      connectionErrors: '0',
    });

    // Each scheduled page published once (its one page.published event delivered once), each event delivered once.
    type Body = { type: string; data: { page?: { id: string } } };
    const receipts = (path: string) => rx.received.filter((r) => r.path === path && (JSON.parse(r.body) as Body).type !== 'endpoint.test');
    await rx
      .waitFor(() => receipts('/published').length >= PAGES && receipts('/events').length >= EVENTS, 30_000)
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await whereTheyAre(publisher.workspace.id)}`);
      });
    await sleep(300); // nothing more arrives
    const published = receipts('/published').map((r) => (JSON.parse(r.body) as Body).data.page?.id);
    expect(published.sort()).toEqual(drafts.map((d) => d.id as string).sort());
    const events = receipts('/events').map((r) => String(r.headers['webhook-id']));
    expect(new Set(events).size).toBe(EVENTS);
    expect(events).toHaveLength(EVENTS);
    const [{ n }] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'page.published' AND workspace_id = $1`,
      [publisher.workspace.id],
    );
    expect(n).toBe(PAGES);
  }, 120_000);

  /** Where a workspace's outbox rows and deliveries stand, and what the workers logged above info: a failure's account. */
  async function whereTheyAre(workspaceId: string): Promise<string> {
    const outbox = await t.sql(
      `SELECT processed_at IS NOT NULL AS processed, available_at > now() AS leased, count(*)::int AS n, max(attempts) AS attempts
       FROM outbox WHERE workspace_id = $1 GROUP BY 1, 2`,
      [workspaceId],
    );
    const deliveries = await t.sql(
      `SELECT status, lease_until > now() AS leased, attempt_count, count(*)::int AS n, min(next_attempt_at) AS next
       FROM webhook_deliveries WHERE workspace_id = $1 GROUP BY 1, 2, 3`,
      [workspaceId],
    );
    const logged = workerLogs
      .flatMap((out, i) =>
        out()
          .split('\n')
          .filter((l) => /"level":(40|50|60)/.test(l))
          .map((l) => `worker ${i + 1}: ${l.slice(0, 400)}`),
      )
      .slice(0, 40);
    return [`outbox: ${JSON.stringify(outbox)}`, `deliveries: ${JSON.stringify(deliveries)}`, ...logged].join('\n');
  }

  /** `count` requests of `path` for `auth`, spread over the API processes directly; the statuses, by count. */
  async function spread(auth: Record<string, string>, count: number): Promise<Record<number, number>> {
    const statuses: Record<number, number> = {};
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const res = await fetch(`http://127.0.0.1:${apis[i % apis.length]!.port}/v1/contacts?limit=1`, { headers: auth });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
    return statuses;
  }

  it('holds the burst limit and the monthly quota as one budget across the processes', async () => {
    // 100 to each process: alone, each would let all of them through.
    expect(await spread((await aTenant(t.commands, 'pro')).auth, 3 * 100)).toEqual({ 200: BURST, 429: 3 * 100 - BURST });
    expect(await spread((await aTenant(t.commands, 'creator')).auth, 3 * 40)).toEqual({ 200: QUOTA, 429: 3 * 40 - QUOTA });
  });

  it("shows a page change on every process's live site within 1 s", async () => {
    const tenant = await aTenant(t.commands);
    const call = apiOk(t, tenant.auth);
    const page = await aLivePage(call, 'Changing', [{ kind: 'HEADER', data: { text: 'Before' } }]);
    const live = (port: number) => fetch(`http://127.0.0.1:${port}/p/${page.slug}`).then((r) => r.text());
    for (const api of apis) expect(await live(api.port)).toContain('Before'); // each process has it cached
    const draft = await call('GET', `/v1/pages/${page.id}`);
    await call('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: draft.draft.updated_at,
      kind: 'HEADER',
      data: { text: 'After' },
    });
    await call('POST', `/v1/pages/${page.id}/publish`, {});
    const changedAt = Date.now();
    const seenAfter = await Promise.all(
      apis.map(async (api) => {
        while (!(await live(api.port)).includes('After')) {
          if (Date.now() - changedAt > 5_000) break;
          await sleep(20);
        }
        return Date.now() - changedAt;
      }),
    );
    for (const ms of seenAfter) expect(ms).toBeLessThanOrEqual(1_000);
  });

  it('never holds more PostgreSQL connections than the budget', async () => {
    await sleep(300);
    expect(peak.total).toBeGreaterThan(0);
    expect({ peak: peak.total, byName: peak.byName, withinBudget: peak.total <= BUDGET }).toMatchObject({ withinBudget: true });
  });
});
