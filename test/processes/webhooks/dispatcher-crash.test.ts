import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver, verifyWith } from '../../support/https-receiver.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const EVENTS = 20;
/** Events queued for the kill -9 test (the figure). */
const QUEUED = Number(process.env.CRASH_QUEUED ?? 5000);
/** A 2 s attempt time-out with a 4 s lease, and a 3 s outbox lease: a dead worker's work is taken over within seconds. */
const SHORT = { WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000', WEBHOOK_LEASE_SECONDS: '4', OUTBOX_LEASE_SECONDS: '3' };

/**
 * A worker process (`dist/worker.js`: outbox relay + dispatcher) is killed with SIGKILL while its whole
 * batch is in flight (the receiver holds every request open). A second worker, started afterwards,
 * reclaims the deliveries once their leases run out, and every one ends SUCCEEDED: none is lost.
 */
describe('the dispatcher after a crash', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  const held: ServerResponse[] = [];
  let holding = true;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-crash-'));

  const workerEnv = () => ({
    DATABASE_URL: t.databaseUrl,
    SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
    DATA_DIR: dataDir,
    WEBHOOK_ALLOWED_TARGETS: rx.target,
    NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
  });

  const createEndpoint = async (auth: Record<string, string>, path: string) => {
    const created = await t.inject({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: rx.url(path), event_types: ['contact.created'] }),
    });
    expect(created.statusCode).toBe(201);
    return created.json() as { endpoint: { id: string }; secret: string };
  };

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res, body) => {
      if ((JSON.parse(body) as { type: string }).type !== 'endpoint.test' && holding) return void held.push(res);
      res.writeHead(200).end();
    };
    t = await startTestApp({ runWorkers: false, env: { WEBHOOK_ALLOWED_TARGETS: rx.target } });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing: after a restart every delivery ends SUCCEEDED', async () => {
    const tenant = await aTenant(t.commands);
    const { endpoint, secret } = await createEndpoint(tenant.auth, '/crash');
    for (let i = 0; i < EVENTS; i++)
      await t.commands.execute(
        new CaptureContactCommand(tenant.workspace.id, `crash${i}@example.com`, undefined, 'FORM', undefined, undefined),
      );

    // The claim path: the fan-out writes the deliveries before any attempt (first-attempts.test.ts covers the other).
    // Short time-outs and leases (docs/adr/0093) instead of real 10 s waits.
    const env = { ...workerEnv(), ...SHORT, WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '0' };
    const first = await launch('dist/worker.js', env, /workers running/);
    await rx.waitFor(() => held.length === EVENTS, 20_000); // the whole batch is in flight
    first.child.kill('SIGKILL');
    await stop(first.child);
    for (const res of held) res.destroy();
    const pending = await t.sql<{ status: string; attempt_count: number }>(
      `SELECT status, attempt_count FROM webhook_deliveries WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    expect(pending).toHaveLength(EVENTS);
    expect(pending.every((d) => d.status === 'PENDING' && d.attempt_count === 0)).toBe(true);

    holding = false;
    const second = await launch('dist/worker.js', env, /workers running/);
    try {
      const until = Date.now() + 40_000;
      let rows: { status: string; event_id: string; attempt_count: number }[] = [];
      while (Date.now() < until) {
        rows = await t.sql(`SELECT status, event_id, attempt_count FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
        if (rows.every((d) => d.status === 'SUCCEEDED')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(rows.map((r) => r.status)).toEqual(Array(EVENTS).fill('SUCCEEDED'));
      expect(rows.every((r) => r.attempt_count === 1)).toBe(true); // the killed attempt was never recorded
      // At-least-once: each event reached the receiver before the crash and again after it, with one webhook-id.
      const events = rx.at('/crash').filter((r) => (JSON.parse(r.body) as { type: string }).type === 'contact.created');
      const byId = new Map<string, number>();
      for (const r of events) {
        verifyWith(secret, r);
        byId.set(String(r.headers['webhook-id']), (byId.get(String(r.headers['webhook-id'])) ?? 0) + 1);
      }
      expect(new Set(byId.keys())).toEqual(new Set(rows.map((r) => r.event_id)));
      expect([...byId.values()].every((n) => n >= 2)).toBe(true);
    } finally {
      await stop(second.child);
    }
  }, 90_000);

  it('drains on SIGTERM: the attempts in flight finish and are recorded before the worker exits', async () => {
    const tenant = await aTenant(t.commands);
    holding = false;
    const { endpoint } = await createEndpoint(tenant.auth, '/drain');
    const slow: ServerResponse[] = [];
    const previous = rx.behaviour;
    rx.behaviour = (req, res, body) => {
      if (req.url === '/drain' && (JSON.parse(body) as { type: string }).type === 'contact.created') return void slow.push(res);
      previous(req, res, body, rx.received);
    };
    for (let i = 0; i < 5; i++)
      await t.commands.execute(
        new CaptureContactCommand(tenant.workspace.id, `drain${i}@example.com`, undefined, 'FORM', undefined, undefined),
      );
    const worker = await launch('dist/worker.js', { ...workerEnv(), WEBHOOK_LEASE_SECONDS: '60' }, /workers running/);
    await rx.waitFor(() => slow.length === 5, 20_000);
    worker.child.removeAllListeners('exit');
    const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
    worker.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300)); // the worker is draining, not gone
    expect(worker.child.exitCode).toBeNull();
    for (const res of slow) res.writeHead(200).end();
    expect(await exited).toBe(0);
    const rows = await t.sql<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('SUCCEEDED'));
    rx.behaviour = previous;
  }, 60_000);

  it(`kill -9 with ${QUEUED} events queued: after a restart every delivery ends SUCCEEDED, none lost`, async () => {
    const tenant = await aTenant(t.commands);
    holding = false;
    const { endpoint } = await createEndpoint(tenant.auth, '/queued');
    // The events as the outbox holds them after QUEUED committed captures (written in bulk to save time).
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
       SELECT 'whmsg_q' || g, $1, 'contact.created',
              jsonb_build_object('data', jsonb_build_object('contact', jsonb_build_object('id', 'ctc_q' || g))), now()
         FROM generate_series(1, $2) g`,
      [tenant.workspace.id, QUEUED],
    );
    await t.sql(`NOTIFY outbox`); // the application notifies, not a trigger (docs/adr/0053)
    const env = { ...workerEnv(), ...SHORT };
    const received = () =>
      new Set(
        rx
          .at('/queued')
          // The endpoint's verification ping has a random `whmsg_` id too, which may start with a `q`.
          .filter((r) => (JSON.parse(r.body) as { type: string }).type === 'contact.created')
          .map((r) => String(r.headers['webhook-id']))
          .filter((id) => id.startsWith('whmsg_q')),
      ).size;
    const first = await launch('dist/worker.js', env, /workers running/);
    await rx.waitFor(() => received() >= QUEUED * 0.3, 60_000);
    first.child.kill('SIGKILL');
    await stop(first.child);
    const midway = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'SUCCEEDED'`,
      [endpoint.id],
    );
    expect(midway[0]!.n).toBeLessThan(QUEUED); // it really died mid-way

    const second = await launch('dist/worker.js', env, /workers running/);
    try {
      const until = Date.now() + 120_000;
      let done = 0;
      while (Date.now() < until && done < QUEUED) {
        done = (
          await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'SUCCEEDED'`, [
            endpoint.id,
          ])
        )[0]!.n;
        if (done < QUEUED) await new Promise((r) => setTimeout(r, 250));
      }
      expect(done).toBe(QUEUED);
      expect(await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = $1 AND processed_at IS NULL`, [tenant.workspace.id])).toEqual([]);
      expect(received()).toBe(QUEUED); // every event reached the receiver (some twice: at-least-once)
    } finally {
      await stop(second.child);
    }
  }, 240_000);
});
