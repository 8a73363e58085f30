import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { Keyring } from '../../../src/platform/config/keyring.js';
import { SecretCipher } from '../../../src/platform/crypto/secret-cipher.js';
import { aTenant } from '../../factories/access.factory.js';
import { cli } from '../../support/cli.js';
import { ProbeModule } from '../../support/probe.module.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The test app's master key (test/support/test-app.ts): here, the new key of a rotation. */
const NEW_KEY = Buffer.alloc(32, 9);
const OLD_KEY = Buffer.alloc(32, 8);
/** A key no process is configured with: what it sealed opens nowhere. */
const LOST_KEY = Buffer.alloc(32, 12);

/**
 * A master-key rotation never breaks erasure or replay (issue 36, decisions.md "Fourth round / Erased means erased",
 * docs/adr/0059): `secrets re-encrypt` re-seals the stored idempotent responses too, and a stored response no
 * configured key opens is treated as gone.
 */
describe('master-key rotation and stored idempotent responses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule], env: { RATE_LIMIT_BURST_REQUESTS: '100000' } });
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  const api = async (method: string, url: string, auth: Record<string, string>, body?: unknown, key?: string) => {
    const res = await t.inject({
      method: method as 'GET',
      url,
      headers: {
        ...auth,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : undefined, headers: res.headers };
  };
  const unique = () => randomBytes(6).toString('hex');
  const stored = async (ws: string, key: string) =>
    (
      await t.sql<{ mode: string; response_body: { $sealed: string } }>(
        `SELECT mode, response_body FROM idempotency_keys WHERE workspace_id = $1 AND key = $2`,
        [ws, key],
      )
    )[0];
  /** Seals a stored response's body again under `master`, as a process configured with that key wrote it. */
  const sealUnder = async (master: Buffer, ws: string, key: string) => {
    const row = (await stored(ws, key))!;
    const bound = `idempotency:${ws}:${row.mode}:${key}`;
    const body = new SecretCipher(new Keyring(NEW_KEY).derive('idempotency')).decrypt(row.response_body.$sealed, bound);
    const resealed = { $sealed: new SecretCipher(new Keyring(master).derive('idempotency')).encrypt(body, bound) };
    await t.sql(`UPDATE idempotency_keys SET response_body = $1::jsonb WHERE workspace_id = $2 AND key = $3`, [
      JSON.stringify(resealed),
      ws,
      key,
    ]);
  };
  const opensWith = async (master: Buffer, ws: string, key: string) => {
    const row = (await stored(ws, key))!;
    return new SecretCipher(new Keyring(master).derive('idempotency')).isCurrent(
      row.response_body.$sealed,
      `idempotency:${ws}:${row.mode}:${key}`,
    );
  };

  it('rotated as docs/operations.md says, erasure and a replay of an old Idempotency-Key still work, no 500', async () => {
    const tenant = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const email = `rotate.me+${unique()}@example.com`;
    const contact = (await t.commands.execute(
      new CaptureContactCommand(ws, email, 'Rota Person', 'NEWSLETTER', undefined, undefined),
    )) as Json;
    const note = `Reply to ${email} about the course`;
    expect((await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'before-rotation')).status).toBe(201);
    expect((await api('POST', '/v1/_probe/writes', tenant.auth, { note: 'no address here' }, 'before-rotation-2')).status).toBe(201);
    // Both were stored while the old key was the master key (step 1 of the rotation).
    await sealUnder(OLD_KEY, ws, 'before-rotation');
    await sealUnder(OLD_KEY, ws, 'before-rotation-2');
    expect(await opensWith(OLD_KEY, ws, 'before-rotation')).toBe(true);

    // Step 2 (new key, the old one retired) then step 3: `secrets re-encrypt` re-seals the stored responses too.
    const rotated = { SECRET_ENCRYPTION_KEY: NEW_KEY.toString('base64'), SECRET_ENCRYPTION_KEY_PREVIOUS: OLD_KEY.toString('base64') };
    const first = await cli(t, ['secrets', 're-encrypt'], rotated);
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ endpoints: expect.any(Number), reencrypted: 0, unreadable: [] });
    expect(first.json.idempotent_responses).toEqual({ seen: expect.any(Number), reencrypted: 2, dropped: 0 });
    expect(await opensWith(NEW_KEY, ws, 'before-rotation')).toBe(true);
    expect(await opensWith(NEW_KEY, ws, 'before-rotation-2')).toBe(true);
    // Step 4: a second run finds nothing left.
    const second = await cli(t, ['secrets', 're-encrypt'], rotated);
    expect(second.json.idempotent_responses).toMatchObject({ reencrypted: 0, dropped: 0 });

    // The old key dropped (the test app runs with the new key only): replay and erasure work.
    const replay = await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'before-rotation');
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body!.note]).toEqual([201, 'true', note]);
    const erased = await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth, undefined, `erase-${unique()}`);
    expect(erased.status).toBe(204);
    const after = await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'before-rotation');
    expect([after.status, after.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(JSON.stringify(after.body)).not.toContain(email);
    const other = await api('POST', '/v1/_probe/writes', tenant.auth, { note: 'no address here' }, 'before-rotation-2');
    expect([other.status, other.headers['idempotent-replayed'], other.body!.note]).toEqual([201, 'true', 'no address here']);
  });

  it('a stored response no configured key opens is deleted by erasure, and its key is treated as expired', async () => {
    const tenant = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const email = `lost.key+${unique()}@example.com`;
    const contact = (await t.commands.execute(new CaptureContactCommand(ws, email, undefined, 'NEWSLETTER', undefined, undefined))) as Json;
    const note = `Reply to ${email}`;
    expect((await api('POST', '/v1/_probe/writes', tenant.auth, { note }, 'lost-1')).status).toBe(201);
    expect((await api('POST', '/v1/_probe/writes', tenant.auth, { note: 'n' }, 'lost-2')).status).toBe(201);
    await sealUnder(LOST_KEY, ws, 'lost-1');
    await sealUnder(LOST_KEY, ws, 'lost-2');

    // Erasure: 204, the unreadable stored response is gone (it could hold the address; nothing can open it).
    const erased = await api('DELETE', `/v1/contacts/${contact.id}`, tenant.auth, undefined, `erase-${unique()}`);
    expect(erased.status).toBe(204);
    expect(await stored(ws, 'lost-1')).toBeUndefined();

    // Replay: processed as new, as if the key had expired (even with another body), then replayed as usual.
    const fresh = await api('POST', '/v1/_probe/writes', tenant.auth, { note: 'another body' }, 'lost-2');
    expect([fresh.status, fresh.headers['idempotent-replayed'], fresh.body!.note]).toEqual([201, undefined, 'another body']);
    const replay = await api('POST', '/v1/_probe/writes', tenant.auth, { note: 'another body' }, 'lost-2');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(t.logs.join('')).toContain('opens with no configured key');
  });
});
