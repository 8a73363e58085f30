import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const EVENTS = 1_000;
const CAP = 8;

/**
 * Two worker processes (`dist/worker.js`) on one database share the dispatch: 1,000 events to each of two
 * endpoints (2,000 deliveries), each endpoint capped at 8 attempts in flight per process. The receiver counts
 * every receipt and every request in flight per delivery: each delivery arrives exactly once, never twice at
 * once, and an endpoint sees more than one process's cap at once (both workers were sending to it).
 */
describe('many dispatcher processes', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-workers-'));
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const overlaps: string[] = [];

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (req, res, body) => {
      if ((JSON.parse(body) as { type: string }).type === 'endpoint.test') return void res.writeHead(204).end();
      const path = req.url ?? '';
      const key = `${path} ${String(req.headers['webhook-id'])}`;
      if (inFlight.has(key)) overlaps.push(key);
      inFlight.set(key, 1);
      const now = [...inFlight.keys()].filter((k) => k.startsWith(`${path} `)).length;
      peak.set(path, Math.max(peak.get(path) ?? 0, now));
      setTimeout(() => {
        inFlight.delete(key);
        res.writeHead(204).end();
      }, 15);
    };
    t = await startTestApp({ runWorkers: false, env: { WEBHOOK_ALLOWED_TARGETS: rx.target, RATE_LIMIT_BURST_REQUESTS: '100000' } });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every one of 2,000 deliveries exactly once, never twice at once, with both workers sending', async () => {
    const tenant = await aTenant(t.commands);
    for (const path of ['/one', '/two']) {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: { ...tenant.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: rx.url(path), event_types: ['contact.created'] }),
      });
      expect(res.statusCode).toBe(201);
    }
    const env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
      DATA_DIR: dataDir,
      WEBHOOK_ALLOWED_TARGETS: rx.target,
      WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: String(CAP),
      NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
    };
    const workers = await Promise.all([launch('dist/worker.js', env, /workers running/), launch('dist/worker.js', env, /workers running/)]);
    try {
      await t.sql(
        `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
         SELECT 'whmsg_w' || g, $1, 'contact.created', '{"data":{}}', now() FROM generate_series(1, $2::int) g`,
        [tenant.workspace.id, EVENTS],
      );
      await t.sql(`NOTIFY outbox`); // the application notifies, not a trigger (docs/adr/0053)
      const deliveries = () =>
        rx.received.filter(
          (r) => (r.path === '/one' || r.path === '/two') && (JSON.parse(r.body) as { type: string }).type !== 'endpoint.test',
        );
      await rx.waitFor(() => deliveries().length >= 2 * EVENTS, 60_000);
      await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
      const receipts = new Map<string, number>();
      for (const r of deliveries()) {
        const key = `${r.path} ${String(r.headers['webhook-id'])}`;
        receipts.set(key, (receipts.get(key) ?? 0) + 1);
      }
      expect(receipts.size).toBe(2 * EVENTS);
      expect([...receipts.values()].every((n) => n === 1)).toBe(true);
      expect(overlaps).toEqual([]);
      // At most the two processes' caps at once, and more than one process's cap: both sent to the same endpoint.
      expect(Math.max(...peak.values())).toBeLessThanOrEqual(2 * CAP);
      expect(Math.max(...peak.values())).toBeGreaterThan(CAP);
      const rows = await t.sql<{ status: string; n: string }>(
        `SELECT status, count(*) AS n FROM webhook_deliveries WHERE workspace_id = $1 GROUP BY status`,
        [tenant.workspace.id],
      );
      for (let i = 0; i < 50 && !(rows.length === 1 && rows[0]!.status === 'SUCCEEDED'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        rows.splice(
          0,
          rows.length,
          ...(await t.sql<{ status: string; n: string }>(
            `SELECT status, count(*) AS n FROM webhook_deliveries WHERE workspace_id = $1 GROUP BY status`,
            [tenant.workspace.id],
          )),
        );
      }
      expect(rows).toEqual([{ status: 'SUCCEEDED', n: String(2 * EVENTS) }]);
    } finally {
      await Promise.all(workers.map((w) => stop(w.child)));
    }
  }, 120_000);
});
