import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { ProbeModule } from '../../support/probe.module.js';
import { aTenant } from '../../factories/access.factory.js';
import { IdempotencyStore } from '../../../src/platform/idempotency/idempotency.store.js';

describe('Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule], env: { RATE_LIMIT_BURST_REQUESTS: '10000' } });
  });
  afterAll(() => t.close());

  const probe = (headers: Record<string, string>, body: object) =>
    t.inject({
      method: 'POST',
      url: '/v1/_probe/writes',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const effects = async (workspaceId: string) =>
    Number(
      (await t.sql<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE workspace_id = $1 AND type = 'probe.written'`, [workspaceId]))[0]!
        .n,
    );
  const unitsUsed = async (workspaceId: string) =>
    Number((await t.sql<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = $1`, [workspaceId]))[0]?.used ?? 0);

  it('replays the stored outcome with Idempotent-Replayed: true and does the work once', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const first = await probe({ ...auth, 'idempotency-key': 'k-1' }, { note: 'hello' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await probe({ ...auth, 'idempotency-key': 'k-1' }, { note: 'hello' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(await effects(workspace.id)).toBe(1);
    expect(await unitsUsed(workspace.id)).toBe(1); // a replay spends no quota unit
  });

  it('treats the quoted and the bare spelling as one key, and ignores body key order', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const a = await probe({ ...auth, 'idempotency-key': 'same' }, { note: 'n', delay_ms: 0 });
    const b = await probe({ ...auth, 'idempotency-key': '"same"' }, { delay_ms: 0, note: 'n' });
    expect(a.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await effects(workspace.id)).toBe(1);
  });

  it('answers 422 idempotency_key_reused for another body, path or method under the same key', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    await probe({ ...auth, 'idempotency-key': 'k-2' }, { note: 'one' });
    const reused = await probe({ ...auth, 'idempotency-key': 'k-2' }, { note: 'two' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect(reused.json().request_id).toBe(reused.headers['x-request-id']);
    expect(await effects(workspace.id)).toBe(1);
  });

  it('scopes keys by workspace and key mode', async () => {
    const one = await aTenant(t.commands);
    const two = await aTenant(t.commands);
    expect((await probe({ ...one.auth, 'idempotency-key': 'shared' }, { note: 'a' })).statusCode).toBe(201);
    const other = await probe({ ...two.auth, 'idempotency-key': 'shared' }, { note: 'b' });
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 idempotency_request_in_progress to a concurrent duplicate, then replays once the first finishes', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const slow = probe({ ...auth, 'idempotency-key': 'k-3' }, { note: 'slow', delay_ms: 800 });
    await new Promise((r) => setTimeout(r, 200));
    const during = await probe({ ...auth, 'idempotency-key': 'k-3' }, { note: 'slow', delay_ms: 800 });
    expect(during.statusCode).toBe(409);
    expect(during.json().code).toBe('idempotency_request_in_progress');
    const first = await slow;
    expect(first.statusCode).toBe(201);
    const after = await probe({ ...auth, 'idempotency-key': 'k-3' }, { note: 'slow', delay_ms: 800 });
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual(first.json());
    expect(await effects(workspace.id)).toBe(1);
  });

  it('of many simultaneous identical requests, exactly one runs; the others get 409 or the replay', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => probe({ ...auth, 'idempotency-key': 'burst' }, { note: 'x', delay_ms: 100 })),
    );
    const fresh = results.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    expect(await effects(workspace.id)).toBe(1);
  });

  it('stores a domain 4xx outcome (re-rendered with the new request id) but rolls back its effects', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const first = await probe({ ...auth, 'idempotency-key': 'k-4' }, { note: 'x', fail: 'domain' });
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('stale_snapshot');
    const again = await probe({ ...auth, 'idempotency-key': 'k-4' }, { note: 'x', fail: 'domain' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({
      code: 'stale_snapshot',
      request_id: again.headers['x-request-id'],
      instance: `urn:request:${again.headers['x-request-id']}`,
    });
    expect(await effects(workspace.id)).toBe(0); // the failed operation's write was rolled back
  });

  it('does not store a 5xx: the retry runs again, and the unit spent on the failure is refunded', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const crash = await probe({ ...auth, 'idempotency-key': 'k-5' }, { note: 'x', fail: 'crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toMatchObject({ code: 'internal_error' });
    expect(crash.json().detail).not.toMatch(/probe: crash/); // internals never leak
    expect(await unitsUsed(workspace.id)).toBe(0);
    const rows = await t.sql(`SELECT 1 FROM idempotency_keys WHERE workspace_id = $1`, [workspace.id]);
    expect(rows).toHaveLength(0);
    // a retry with the same key and a different body is a fresh request, not a 422
    const retry = await probe({ ...auth, 'idempotency-key': 'k-5' }, { note: 'x' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does not store refusals before the operation (validation)', async () => {
    const { auth } = await aTenant(t.commands);
    const bad = await probe({ ...auth, 'idempotency-key': 'k-6' }, { note: 1 });
    expect(bad.statusCode).toBe(400);
    const good = await probe({ ...auth, 'idempotency-key': 'k-6' }, { note: 'fine' });
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([['x'.repeat(256)], ['tab\tkey'], ['""']])('refuses the malformed key %j with 400 naming Idempotency-Key', async (key) => {
    const { auth } = await aTenant(t.commands);
    const res = await probe({ ...auth, 'idempotency-key': key }, { note: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ parameter: 'Idempotency-Key' })]);
  });

  it('ignores the header on a non-IDEM operation', async () => {
    const { auth } = await aTenant(t.commands);
    const res = await t.inject({ method: 'GET', url: '/v1/contacts', headers: { ...auth, 'idempotency-key': 'x'.repeat(300) } });
    expect(res.statusCode).toBe(200);
  });

  it('lets the same request take over a claim abandoned by a crashed process after its lease', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    const first = await probe({ ...auth, 'idempotency-key': 'k-7' }, { note: 'x' });
    const fp = (
      await t.sql<{ fingerprint: string }>(`SELECT fingerprint FROM idempotency_keys WHERE workspace_id = $1`, [workspace.id])
    )[0]!.fingerprint;
    // Simulate a process that claimed the key and died mid-operation.
    await t.sql(
      `UPDATE idempotency_keys
          SET state = 'in_flight', response_status = NULL, owner_token = 'dead', lease_expires_at = now() + interval '1 minute'
        WHERE workspace_id = $1`,
      [workspace.id],
    );
    expect((await probe({ ...auth, 'idempotency-key': 'k-7' }, { note: 'x' })).statusCode).toBe(409);
    await t.sql(`UPDATE idempotency_keys SET lease_expires_at = now() - interval '1 second' WHERE workspace_id = $1`, [workspace.id]);
    const retaken = await probe({ ...auth, 'idempotency-key': 'k-7' }, { note: 'x' });
    expect(retaken.statusCode).toBe(201);
    expect(retaken.headers['idempotent-replayed']).toBeUndefined();
    expect(first.statusCode).toBe(201);
    expect(fp).toBeTruthy();
  });

  it('expires keys after 24 hours: the janitor deletes them and the key may be used afresh', async () => {
    const { workspace, auth } = await aTenant(t.commands);
    await probe({ ...auth, 'idempotency-key': 'old' }, { note: 'one' });
    await t.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE workspace_id = $1`, [workspace.id]);
    const reused = await probe({ ...auth, 'idempotency-key': 'old' }, { note: 'two' });
    expect(reused.statusCode).toBe(201); // expired: not a 422
    await t.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE workspace_id = $1`, [workspace.id]);
    const purged = await t.app.get(IdempotencyStore).purgeExpired();
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await t.sql(`SELECT 1 FROM idempotency_keys WHERE workspace_id = $1`, [workspace.id])).toHaveLength(0);
  });
});
