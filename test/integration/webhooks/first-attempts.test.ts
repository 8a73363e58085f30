import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { launch, stop } from '../../support/processes.js';
import { longestIdleInTransactionMs, startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * First attempts sent by the outbox fan-out itself (docs/adr/0093): a delivery answered at once is written once
 * with its outcome; one still unanswered after WEBHOOK_FIRST_ATTEMPT_WAIT_MS is written claimed and recorded when
 * it ends; a worker killed before its fan-out committed loses nothing (the outbox rows are fanned out again).
 */
describe('first attempts sent from the fan-out', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  const held: ServerResponse[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-first-'));

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (req, res, body) => {
      const type = (JSON.parse(body) as Json).type as string;
      if (type !== 'endpoint.test' && req.url?.startsWith('/hold')) return void held.push(res);
      if (type !== 'endpoint.test' && req.url?.startsWith('/fail')) return void res.writeHead(500).end('no');
      res.writeHead(204).end();
    };
    t = await startTestApp({
      runWorkers: true,
      env: { WEBHOOK_ALLOWED_TARGETS: rx.target, WEBHOOK_RETRY_DELAYS: '30', RATE_LIMIT_BURST_REQUESTS: '100000' },
    });
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await t.close();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createEndpoint = async (auth: Record<string, string>, path: string) => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: rx.url(path), event_types: ['contact.created'] }),
    });
    expect(res.statusCode).toBe(201);
    return (JSON.parse(res.body) as { endpoint: Json; secret: string }).endpoint;
  };
  const capture = (workspaceId: string, email: string) =>
    t.commands.execute(new CaptureContactCommand(workspaceId, email, undefined, 'FORM', undefined, undefined));
  const rowsOf = (endpointId: string) =>
    t.sql<{ id: string; status: string; version: number; attempt_count: number; lease_until: Date | null; next_attempt_at: Date | null }>(
      `SELECT id, status, version, attempt_count, lease_until, next_attempt_at FROM webhook_deliveries WHERE endpoint_id = $1`,
      [endpointId],
    );
  const streamOf = async (id: string) =>
    (await t.sql<{ type: string }>(`SELECT type FROM webhook_delivery_events WHERE delivery_id = $1 ORDER BY version`, [id])).map(
      (e) => e.type,
    );
  const waitUntil = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('writes a delivery answered at once with its outcome: created and attempted, never leased', async () => {
    const tenant = await aTenant(t.commands);
    const endpoint = await createEndpoint(tenant.auth, '/ok/once');
    await capture(tenant.workspace.id, 'once@example.com');
    await waitUntil('the delivery', async () => (await rowsOf(endpoint.id as string)).length === 1);
    const [row] = await rowsOf(endpoint.id as string);
    expect(row).toMatchObject({ status: 'SUCCEEDED', version: 2, attempt_count: 1, lease_until: null, next_attempt_at: null });
    expect(await streamOf(row!.id)).toEqual(['DeliveryCreated', 'AttemptSucceeded']);
    const [ep] = await t.sql<{ last_success_at: Date | null }>(`SELECT last_success_at FROM webhook_endpoints WHERE id = $1`, [
      endpoint.id,
    ]);
    expect(ep!.last_success_at).not.toBeNull();
  });

  it('writes a failed first attempt with its retry, as the dispatcher would have', async () => {
    const tenant = await aTenant(t.commands);
    const endpoint = await createEndpoint(tenant.auth, '/fail/first');
    await capture(tenant.workspace.id, 'fail@example.com');
    await waitUntil('the delivery', async () => (await rowsOf(endpoint.id as string)).length === 1);
    const [row] = await rowsOf(endpoint.id as string);
    expect(row).toMatchObject({ status: 'PENDING', version: 2, attempt_count: 1, lease_until: null });
    expect(row!.next_attempt_at!.getTime()).toBeGreaterThan(Date.now() + 20_000); // the 30 s ladder (±20 %)
    expect(await streamOf(row!.id)).toEqual(['DeliveryCreated', 'AttemptFailed']);
  });

  it('writes an attempt still unanswered after the wait as claimed, and records it when it ends', async () => {
    const tenant = await aTenant(t.commands);
    const endpoint = await createEndpoint(tenant.auth, '/hold/late');
    await capture(tenant.workspace.id, 'late@example.com');
    await rx.waitFor(() => held.length === 1);
    await waitUntil('the delivery', async () => (await rowsOf(endpoint.id as string)).length === 1);
    const [claimed] = await rowsOf(endpoint.id as string);
    expect(claimed).toMatchObject({ status: 'PENDING', version: 1, attempt_count: 0 });
    expect(claimed!.lease_until).not.toBeNull(); // the dispatcher's claims leave it alone
    held.shift()!.writeHead(200).end();
    await waitUntil('the outcome', async () => (await rowsOf(endpoint.id as string))[0]!.status === 'SUCCEEDED');
    expect(await rowsOf(endpoint.id as string)).toEqual([expect.objectContaining({ version: 2, attempt_count: 1, lease_until: null })]);
    expect(await streamOf(claimed!.id)).toEqual(['DeliveryCreated', 'AttemptSucceeded']);
    expect(rx.at('/hold/late').filter((r) => (JSON.parse(r.body) as Json).type === 'contact.created')).toHaveLength(1);
  });

  it('holds no transaction open while its first attempts wait on the receiver', async () => {
    const tenant = await aTenant(t.commands);
    const endpoint = await createEndpoint(tenant.auth, '/hold/many');
    const before = held.length;
    for (let i = 0; i < 20; i++) await capture(tenant.workspace.id, `many${i}@example.com`);
    await rx.waitFor(() => held.length >= before + 20);
    // Sampled over a second while every attempt hangs: no connection sits in a transaction for more than a moment.
    const longest = await longestIdleInTransactionMs(t);
    expect(longest).toBeLessThan(100);
    await waitUntil('the deliveries', async () => (await rowsOf(endpoint.id as string)).length === 20);
    for (const res of held.splice(before)) res.writeHead(200).end();
  });

  it('loses nothing when the worker dies before its fan-out commits: the event is sent again once the lease runs out', async () => {
    const tenant = await aTenant(t.commands);
    const endpoint = await createEndpoint(tenant.auth, '/hold/crash');
    await t.app.close(); // no in-process worker from here on: the worker processes below do the work
    const env = {
      DATABASE_URL: t.databaseUrl,
      SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
      DATA_DIR: dataDir,
      WEBHOOK_ALLOWED_TARGETS: rx.target,
      WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '5000', // the batch is not written while the attempt is held
      OUTBOX_LEASE_SECONDS: '3', // the dead relay's batch is claimed again after this
      NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
    };
    const first = await launch('dist/worker.js', env, /workers running/);
    const before = held.length;
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
       VALUES ('whmsg_crash1', $1, 'contact.created', '{"data":{}}', now())`,
      [tenant.workspace.id],
    );
    await t.sql(`NOTIFY outbox`); // the application notifies, not a trigger (docs/adr/0053)
    await rx.waitFor(() => held.length === before + 1);
    first.child.kill('SIGKILL');
    await stop(first.child);
    expect(await rowsOf(endpoint.id as string)).toEqual([]); // nothing was written
    for (const res of held.splice(0)) res.destroy();
    rx.behaviour = (_req, res) => res.writeHead(204).end();
    const second = await launch('dist/worker.js', env, /workers running/);
    try {
      await waitUntil('SUCCEEDED', async () => (await rowsOf(endpoint.id as string))[0]?.status === 'SUCCEEDED', 30_000);
      const sent = rx.at('/hold/crash').filter((r) => r.headers['webhook-id'] === 'whmsg_crash1');
      expect(sent).toHaveLength(2); // at-least-once: before the crash and after it, with one webhook-id
      expect(new Set(sent.map((r) => r.body)).size).toBe(1); // the same envelope, byte for byte
    } finally {
      await stop(second.child);
    }
  }, 90_000);
});
