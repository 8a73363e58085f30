import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { ProbeModule } from '../../support/probe.module.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { dumpDatabase } from '../../support/dump.js';
import { HttpsReceiver } from '../../support/https-receiver.js';

/** `pg_dump` of the test database when a pg_dump that can read this server is installed, else null. */
function pgDump(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('pg_dump', ['--data-only', '--inserts', url], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => resolve(err ? null : stdout));
  });
}

describe('API keys at rest and in logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule] });
  });
  afterAll(() => t.close());

  it('stores keys only as a hash: a full dump contains no plaintext key nor its secret part', async () => {
    const tenant = await aTenant(t.commands);
    const testKey = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
    await t.inject({ method: 'GET', url: '/v1/contacts', headers: tenant.auth });
    // pg_dump where a compatible one is installed (the machine's server), and our own row dump always.
    const dump = [await pgDump(t.databaseUrl), await dumpDatabase(t)].filter(Boolean).join('\n');
    expect(dump).toContain('api_keys');
    expect(dump).toContain(tenant.keyId); // the dump really holds the key rows
    for (const key of [tenant.key, testKey.key]) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(20)); // the part after the non-secret lookup prefix
      expect(dump).not.toContain(Buffer.from(key).toString('base64'));
      expect(dump).not.toContain(Buffer.from(key).toString('hex'));
    }
  });

  it('never writes a key to the logs, on success, refusal or server error', async () => {
    const tenant = await aTenant(t.commands);
    const wrong = tenant.key.slice(0, -1) + (tenant.key.endsWith('A') ? 'B' : 'A');
    t.logs.length = 0;
    await t.inject({ method: 'GET', url: '/v1/contacts', headers: tenant.auth });
    await t.inject({ method: 'GET', url: '/v1/contacts', headers: { 'x-api-key': tenant.key } });
    await t.inject({ method: 'GET', url: '/v1/contacts', headers: { authorization: `Bearer ${wrong}` } });
    await t.inject({ method: 'POST', url: '/v1/_probe/writes', headers: tenant.auth, payload: { note: 'x', fail: 'crash' } });
    const logs = t.logs.join('');
    expect(logs).toContain('request_id'); // request logs carry the request id
    expect(logs).toContain('probe: crash'); // the 500 is logged with its cause
    expect(logs).not.toContain(tenant.key);
    expect(logs).not.toContain(wrong);
    expect(logs).not.toContain(tenant.key.slice(20));
  });
});

describe('webhook secrets at rest, idempotent replays included', () => {
  const rx = new HttpsReceiver();
  let t: TestApp;
  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({ env: { WEBHOOK_ALLOWED_TARGETS: rx.target } });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('keeps no signing secret nor API key in clear after create and rotate with Idempotency-Key, and replays them', async () => {
    const tenant = await aTenant(t.commands);
    const extraKey = await aKey(t.commands, tenant.workspace.id, { mode: 'test' });
    const send = (url: string, key: string, body: unknown) =>
      t.inject({
        method: 'POST',
        url,
        headers: { ...tenant.auth, 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify(body),
      });
    const created = await send('/v1/webhook-endpoints', 'create-1', { url: rx.url('/hook'), event_types: ['contact.created'] });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json() as { endpoint: { id: string }; secret: string };
    const rotated = await send(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, 'rotate-1', {});
    expect(rotated.statusCode).toBe(200);
    const newSecret = (rotated.json() as { secret: string }).secret;
    expect(newSecret).toMatch(/^whsec_/);

    // The replays answer the very same bodies, secrets included.
    const replayedCreate = await send('/v1/webhook-endpoints', 'create-1', { url: rx.url('/hook'), event_types: ['contact.created'] });
    expect([replayedCreate.statusCode, replayedCreate.json()]).toEqual([201, created.json()]);
    const replayedRotate = await send(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, 'rotate-1', {});
    expect([replayedRotate.statusCode, replayedRotate.json()]).toEqual([200, rotated.json()]);

    const dump = [await pgDump(t.databaseUrl), await dumpDatabase(t)].filter(Boolean).join('\n');
    expect(dump).toContain('idempotency_keys');
    expect(dump).toContain('create-1'); // the dump really holds the stored responses
    expect(dump).not.toContain('whsec_');
    for (const s of [secret, newSecret]) expect(dump).not.toContain(s.slice('whsec_'.length));
    for (const key of [tenant.key, extraKey.key]) expect(dump).not.toContain(key.slice(20));
  });
});
