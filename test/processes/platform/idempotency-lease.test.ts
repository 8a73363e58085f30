import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { ProbeModule } from '../../support/probe.module.js';
import { launch } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The request time-out of these tests, and so the lease of an Idempotency-Key in flight (docs/adr/0036). */
const TIMEOUT_SECONDS = 3;

/**
 * An Idempotency-Key's claim is a lease of the request time-out: after a crash the key is free again once it
 * has run out (not after minutes), and before that it is still 409; a request that is only slow and outlives
 * its lease stores nothing and commits nothing, so a takeover can never make its effects happen twice.
 */
describe('the Idempotency-Key lease', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  const held: ServerResponse[] = [];
  let holding = true;
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-lease-'));

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res) => (holding ? void held.push(res) : void res.writeHead(200).end());
    t = await startTestApp({
      extra: [ProbeModule],
      env: {
        WEBHOOK_ALLOWED_TARGETS: rx.target,
        HTTP_REQUEST_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
        RATE_LIMIT_BURST_REQUESTS: '10000',
      },
    });
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await t.close();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('frees the key of a request in flight in a process killed with SIGKILL within the request time-out, and not before', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const port = await freePort();
    const api = await launch(
      'dist/main.js',
      {
        DATABASE_URL: t.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        RUN_WORKERS: 'false',
        SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
        DATA_DIR: dataDir,
        WEBHOOK_ALLOWED_TARGETS: rx.target,
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '30000', // the endpoint's verification hangs on the receiver until the kill
        HTTP_REQUEST_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
        NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
      },
      /Bio-Page API listening/,
    );
    const body = JSON.stringify({ url: rx.url('/crash'), event_types: ['contact.created'] });
    const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': 'crash-1' };
    const inFlight = fetch(`http://127.0.0.1:${port}/v1/webhook-endpoints`, { method: 'POST', headers, body }).catch(() => null);
    await rx.waitFor((r) => r.some((x) => x.path === '/crash'));
    api.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => api.child.once('exit', r));
    expect(await inFlight).toBeNull(); // the connection died with the process

    const retry = () => t.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers, payload: body });
    const before = await retry();
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('idempotency_request_in_progress');

    holding = false;
    let after = before;
    while (after.statusCode === 409 && Date.now() - killedAt < 20_000) {
      await new Promise((r) => setTimeout(r, 200));
      after = await retry();
    }
    const freedAfterMs = Date.now() - killedAt;
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(freedAfterMs).toBeLessThan((TIMEOUT_SECONDS + 5) * 1000);
    const endpoints = await t.sql(`SELECT id FROM webhook_endpoints WHERE workspace_id = $1`, [workspace.id]);
    expect(endpoints).toHaveLength(1);
    expect((await retry()).headers['idempotent-replayed']).toBe('true');
  });

  it('rolls back a request that outlives its lease and stores nothing, so the key is free and nothing happened', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const probe = (delay: number) =>
      t.inject({
        method: 'POST',
        url: '/v1/_probe/writes',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'slow-1' },
        payload: JSON.stringify({ note: 'slow', delay_ms: delay }),
      });
    const slow = await probe((TIMEOUT_SECONDS + 1) * 1000);
    expect(slow.statusCode).toBe(503);
    expect(slow.json().code).toBe('service_unavailable');
    expect(slow.headers['retry-after']).toBe('1');
    const effects = await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = $1 AND type = 'probe.written'`, [workspace.id]);
    expect(effects).toHaveLength(0);
    expect(await t.sql(`SELECT 1 FROM idempotency_keys WHERE workspace_id = $1`, [workspace.id])).toHaveLength(0);
    const quick = await probe(0);
    expect(quick.statusCode).toBe(201);
  });

  it('lets a takeover win over the slow first holder: the effects happen once', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const probe = () =>
      t.inject({
        method: 'POST',
        url: '/v1/_probe/writes',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'slow-2' },
        payload: JSON.stringify({ note: 'twice?', delay_ms: 1000 }),
      });
    const first = probe();
    await new Promise((r) => setTimeout(r, 300));
    // The first holder is alive but its lease has run out (as if it had been stalled for the whole time-out).
    await t.sql(`UPDATE idempotency_keys SET lease_expires_at = now() - interval '1 second' WHERE workspace_id = $1`, [workspace.id]);
    const second = await probe();
    const [a, b] = [await first, second];
    expect(b.statusCode).toBe(201);
    expect(a.statusCode).toBe(503);
    const effects = await t.sql(`SELECT 1 FROM outbox WHERE workspace_id = $1 AND type = 'probe.written'`, [workspace.id]);
    expect(effects).toHaveLength(1);
    expect((await probe()).headers['idempotent-replayed']).toBe('true');
  });
});
