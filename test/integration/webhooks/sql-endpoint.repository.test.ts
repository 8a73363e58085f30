import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Keyring } from '../../../src/platform/config/keyring.js';
import { SecretCipher } from '../../../src/platform/crypto/secret-cipher.js';
import { sql as raw } from '../../../src/platform/database/query-builder.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { CONSECUTIVE_FAILURES_BEFORE_DISABLE, Endpoint, SECRET_OVERLAP_MS } from '../../../src/webhooks/domain/endpoint.js';
import { SqlEndpointRepository } from '../../../src/webhooks/infrastructure/sql-endpoint.repository.js';
import { secondWaitsForFirst } from '../../support/lock-waits.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The webhook endpoint repository alone on a migrated PostgreSQL: the row and its sealed secrets, the batch reads and
 * locks of the fan-out and the dispatcher, and the delivery counters they save in one statement.
 */
describe('SqlEndpointRepository', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sql: Sql;
  let endpoints: SqlEndpointRepository;
  let clock = new Date('2026-11-29T10:00:00.000Z').getTime();
  const tick = () => new Date((clock += 1000));
  const TYPES = ['page.published', 'contact.created'];

  const aWorkspace = async (id: string) => {
    await pool.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'W', 'pro', $2, $2)`, [id, tick()]);
    return id;
  };
  const register = async (workspaceId: string, id: string, secret = `whsec_${id}`) => {
    const endpoint = Endpoint.register({
      id,
      workspaceId,
      url: `https://hooks.example.com/${id}`,
      eventTypes: ['page.published'],
      subscribable: TYPES,
      secretRef: endpoints.seal(id, secret),
      now: tick(),
    });
    await endpoints.insert(endpoint);
    return endpoint;
  };
  const key = (e: Endpoint) => ({ workspaceId: e.workspaceId, id: e.id });

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    sql = new Sql(pool);
    endpoints = new SqlEndpointRepository(sql, new SecretCipher(new Keyring(Buffer.alloc(32, 3)).deriveAll('webhook-secrets')));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('reads an endpoint back as it was saved, its secret sealed at rest and bound to the endpoint', async () => {
    const ws = await aWorkspace('ws_ep_a');
    const endpoint = await register(ws, 'ep_a1', 'whsec_first');
    expect((await endpoints.byId(ws, 'ep_a1'))?.snapshot()).toEqual(endpoint.snapshot());
    const [row] = (await pool.query(`SELECT secret_encrypted FROM webhook_endpoints WHERE id = 'ep_a1'`)).rows;
    expect(row.secret_encrypted).not.toContain('whsec_first');
    expect(await endpoints.signingSecrets(endpoint, tick())).toEqual(['whsec_first']);

    const rotatedAt = tick();
    endpoint.rotateSecret(endpoints.seal('ep_a1', 'whsec_second'), rotatedAt);
    endpoint.changeEventTypes(TYPES, TYPES, rotatedAt);
    await endpoints.update(endpoint);
    const loaded = (await endpoints.byId(ws, 'ep_a1'))!;
    expect(loaded.snapshot()).toEqual(endpoint.snapshot());
    expect(await endpoints.signingSecrets(loaded, tick())).toEqual(['whsec_second', 'whsec_first']);
    expect(await endpoints.signingSecrets(loaded, new Date(rotatedAt.getTime() + SECRET_OVERLAP_MS))).toEqual(['whsec_second']);
    // Moved to another endpoint's row, the ciphertext does not open.
    const moved = Endpoint.restore({ ...loaded.snapshot(), id: 'ep_a2' });
    await expect(endpoints.signingSecrets(moved, tick())).rejects.toThrow('does not open');

    expect(await endpoints.delete(ws, 'ep_a1')).toBe(true);
    expect(await endpoints.delete(ws, 'ep_a1')).toBe(false);
    expect(await endpoints.byId(ws, 'ep_a1')).toBeNull();
  });

  it("never answers with another workspace's endpoint", async () => {
    const [mine, theirs] = [await aWorkspace('ws_ep_b'), await aWorkspace('ws_ep_c')];
    const own = await register(mine, 'ep_b1');
    await register(theirs, 'ep_c1');
    expect(await endpoints.byId(mine, 'ep_c1')).toBeNull();
    expect(await endpoints.exists(mine, 'ep_c1')).toBe(false);
    expect(await endpoints.exists(mine, 'ep_b1')).toBe(true);
    expect([...(await endpoints.getMany([{ workspaceId: mine, id: 'ep_c1' }, key(own)])).keys()]).toEqual(['ep_b1']);
    expect((await endpoints.listInWorkspace(mine)).map((e) => e.id)).toEqual(['ep_b1']);
    expect(await endpoints.countInWorkspace(mine)).toBe(1);
    expect(await endpoints.delete(mine, 'ep_c1')).toBe(false);
    expect(await endpoints.exists(theirs, 'ep_c1')).toBe(true);
  });

  it('lists the endpoints of many workspaces by workspace, then creation', async () => {
    const [p, q] = [await aWorkspace('ws_ep_p'), await aWorkspace('ws_ep_q')];
    await register(q, 'ep_q2');
    await register(p, 'ep_p2');
    await register(q, 'ep_q1');
    await register(p, 'ep_p1');
    expect((await endpoints.inWorkspaces([q, p, q])).map((e) => e.id)).toEqual(['ep_p2', 'ep_p1', 'ep_q2', 'ep_q1']);
    expect(await endpoints.inWorkspaces([])).toEqual([]);
    expect((await endpoints.listInWorkspace(q)).map((e) => e.id)).toEqual(['ep_q2', 'ep_q1']);
  });

  it('locks many endpoints in id order until the transaction ends, without holding up foreign-key checks', async () => {
    const ws = await aWorkspace('ws_ep_l');
    const [b, a] = [await register(ws, 'ep_l_b'), await register(ws, 'ep_l_a')];
    const locked = await sql.transaction(() => endpoints.lockMany([key(b), { workspaceId: ws, id: 'ep_l_none' }, key(a)]));
    expect([...locked.keys()]).toEqual(['ep_l_a', 'ep_l_b']);
    expect(locked.get('ep_l_a')?.snapshot()).toEqual(a.snapshot());
    expect(await sql.transaction(() => endpoints.lockMany([]))).toEqual(new Map());

    const { whenSecondWaited, atTheEnd } = await secondWaitsForFirst(sql, pool, {
      first: () => endpoints.lockMany([key(a), key(b)]),
      whileHeld: async () => {
        // What a delivery's foreign-key check takes (KEY SHARE) and a plain read pass; a second lock waits.
        await sql.transaction(async () => {
          await sql.all(raw`SET LOCAL lock_timeout = '1s'`);
          await sql.all(raw`SELECT 1 FROM webhook_endpoints WHERE id = 'ep_l_a' FOR KEY SHARE`);
        });
        expect((await endpoints.getMany([key(a)])).size).toBe(1);
      },
      second: () => endpoints.lockMany([key(b)]),
    });
    expect(whenSecondWaited).toEqual(['first locked']);
    expect(atTheEnd).toEqual(['first locked', 'first done', 'second locked']);
  });

  it('saves the delivery counters of many endpoints in one statement, and nothing else of them', async () => {
    const ws = await aWorkspace('ws_ep_s');
    const [ok, failing] = [await register(ws, 'ep_s1'), await register(ws, 'ep_s2')];
    const failedAt = tick();
    ok.recordDeliveryFailed(failedAt);
    ok.recordDeliverySucceeded(tick());
    for (let i = 0; i < CONSECUTIVE_FAILURES_BEFORE_DISABLE; i++) failing.recordDeliveryFailed(failedAt);
    const expected = [ok.snapshot(), failing.snapshot()];
    ok.changeUrl('https://hooks.example.com/not-saved', tick()); // configuration: not a counter
    await endpoints.saveDeliveryCounters([ok, failing]);
    await endpoints.saveDeliveryCounters([]);

    const [s1, s2] = [(await endpoints.byId(ws, 'ep_s1'))!.snapshot(), (await endpoints.byId(ws, 'ep_s2'))!.snapshot()];
    expect(s1).toEqual({ ...expected[0], updatedAt: ok.snapshot().updatedAt }); // updated_at: the one column both write
    expect(s1.url).toBe('https://hooks.example.com/ep_s1');
    expect([s1.consecutiveFailures, s1.lastFailureAt, s1.status]).toEqual([0, failedAt, 'ACTIVE']);
    expect(s2).toEqual(expected[1]);
    expect([s2.status, s2.disabledReason, s2.consecutiveFailures]).toEqual(['DISABLED', 'CONSECUTIVE_FAILURES', 20]);
  });
});
