import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { loadConfig } from '../../../src/platform/config/config.js';
import { Keyring } from '../../../src/platform/config/keyring.js';
import { sql as raw } from '../../../src/platform/database/query-builder.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { IdempotencyStore, type IdempotencyScope } from '../../../src/platform/idempotency/idempotency.store.js';
import { untilWaitingOnLock } from '../../support/lock-waits.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The Idempotency-Key store alone on a migrated PostgreSQL: a key's claim (a lease), its stored outcome and the
 * replay of it, scoped by workspace, mode and key; what a second request with the same key sees, while the first is in
 * flight and once it is done; and the takeover of a claim whose lease ran out.
 */
describe('IdempotencyStore', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sql: Sql;
  let store: IdempotencyStore;
  const config = loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '30' });
  const keyring = new Keyring(Buffer.alloc(32, 4));
  const response = { status: 201, body: { id: 'pg_1', secret: 'whsec_in_the_body' }, headers: { location: '/v1/pages/pg_1' } };
  let seq = 0;
  const aScope = (workspaceId = 'ws_idem', mode = 'live'): IdempotencyScope => ({ workspaceId, mode, key: `key-${++seq}` });
  const row = async (s: IdempotencyScope) =>
    (await pool.query(`SELECT * FROM idempotency_keys WHERE workspace_id = $1 AND mode = $2 AND key = $3`, [s.workspaceId, s.mode, s.key]))
      .rows[0];
  const started = async (s: IdempotencyScope, fingerprint = 'fp-1') => {
    const begun = await store.begin(s, fingerprint);
    if (begun.kind !== 'started') throw new Error(`expected a claim, got a ${begun.kind}`);
    return begun.token;
  };
  const leaseRunsOut = (s: IdempotencyScope) =>
    pool.query(`UPDATE idempotency_keys SET lease_expires_at = now() - interval '1 second' WHERE key = $1`, [s.key]);

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    sql = new Sql(pool);
    store = new IdempotencyStore(sql, keyring, config);
    for (const id of ['ws_idem', 'ws_idem_other'])
      await pool.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'W', 'pro', now(), now())`, [id]);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('claims a new key with a lease, stores its outcome sealed, and replays it', async () => {
    const s = aScope();
    const token = await started(s);
    const claimed = await row(s);
    expect([claimed.state, claimed.owner_token, claimed.fingerprint]).toEqual(['in_flight', token, 'fp-1']);
    const lease = claimed.lease_expires_at.getTime() - claimed.created_at.getTime();
    expect(lease >= 30_000 && lease < 31_000).toBe(true); // the request time-out, from the claim's statement

    await sql.transaction(() => store.complete(s, token, response));
    const done = await row(s);
    expect([done.state, done.response_status, done.response_headers]).toEqual(['done', 201, response.headers]);
    expect(JSON.stringify(done.response_body)).not.toContain('whsec_in_the_body');
    expect(await store.begin(s, 'fp-1')).toEqual({ kind: 'replay', response });
  });

  it('scopes a key by workspace, mode and key', async () => {
    const s = aScope();
    await sql.transaction(async () => store.complete(s, await started(s), response));
    for (const other of [
      { ...s, workspaceId: 'ws_idem_other' },
      { ...s, mode: 'test' },
      { ...s, key: `${s.key}-b` },
    ])
      expect((await store.begin(other, 'fp-1')).kind).toBe('started');
    expect((await store.begin(s, 'fp-1')).kind).toBe('replay');
  });

  it('refuses a key reused for another request, in flight or done', async () => {
    const s = aScope();
    const token = await started(s, 'fp-a');
    await expect(store.begin(s, 'fp-b')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await sql.transaction(() => store.complete(s, token, response));
    await expect(store.begin(s, 'fp-b')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    expect((await row(s)).fingerprint).toBe('fp-a');
  });

  it('answers a concurrent second request "in progress"; once the outcome is written, it waits for it and replays it', async () => {
    const s = aScope();
    const both = await Promise.allSettled([store.begin(s, 'fp-1'), store.begin(s, 'fp-1')]);
    expect(both.filter((r) => r.status === 'fulfilled' && r.value.kind === 'started')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected');
    expect(refused).toMatchObject({ reason: { code: 'idempotency_request_in_progress', headers: { 'retry-after': '1' } } });
    const token = (await row(s)).owner_token as string;

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let completed = false;
    const first = sql.transaction(async () => {
      await store.complete(s, token, response);
      completed = true;
      await held; // the outcome written, not committed
    });
    while (!completed) await new Promise((r) => setTimeout(r, 5));
    // The claim's unique key check meets the uncommitted outcome's row: the second request waits for that commit.
    let settled = false;
    const second = store.begin(s, 'fp-1').finally(() => (settled = true));
    await untilWaitingOnLock({ sql: async (text, params) => (await pool.query(text, params)).rows }, () => settled);
    expect(settled).toBe(false);
    release();
    await first;
    expect(await second).toEqual({ kind: 'replay', response });
  });

  it('lets the same request take over a claim whose lease ran out; the late owner can no longer complete', async () => {
    const s = aScope();
    const late = await started(s, 'fp-1');
    await expect(store.begin(s, 'fp-1')).rejects.toMatchObject({ code: 'idempotency_request_in_progress' });
    await leaseRunsOut(s);
    await expect(store.begin(s, 'fp-2')).rejects.toMatchObject({ code: 'idempotency_key_reused' }); // not another request
    const taker = await started(s, 'fp-1');
    expect(taker).not.toBe(late);

    // The late owner's effects roll back with its failed complete; the taker's outcome is the one stored.
    await expect(
      sql.transaction(async () => {
        await sql.all(raw`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ('ws_late', 'W', 'pro', now(), now())`);
        await store.complete(s, late, response);
      }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    expect((await pool.query(`SELECT 1 FROM workspaces WHERE id = 'ws_late'`)).rowCount).toBe(0);
    await sql.transaction(() => store.complete(s, taker, response));
    expect(await store.begin(s, 'fp-1')).toEqual({ kind: 'replay', response });

    // Its own lease run out, a claim cannot complete either.
    const s2 = aScope();
    const token = await started(s2);
    await leaseRunsOut(s2);
    await expect(sql.transaction(() => store.complete(s2, token, response))).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('answers a key older than its retention, or one whose outcome no configured key opens, as a new one', async () => {
    const s = aScope();
    await sql.transaction(async () => store.complete(s, await started(s, 'fp-old'), response));
    await pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`, [s.key]);
    expect((await store.begin(s, 'fp-new')).kind).toBe('started');

    const sealed = aScope();
    await sql.transaction(async () => store.complete(sealed, await started(sealed), response));
    const rotated = new IdempotencyStore(sql, new Keyring(Buffer.alloc(32, 5)), config);
    expect((await rotated.begin(sealed, 'fp-1')).kind).toBe('started');
    expect((await row(sealed)).state).toBe('in_flight');
  });

  it('forgets a claim on release, only for its owner', async () => {
    const s = aScope();
    const token = await started(s);
    await store.release(s, 'someone-else');
    expect((await row(s)).owner_token).toBe(token);
    await store.release(s, token);
    expect(await row(s)).toBeUndefined();
    expect((await store.begin(s, 'fp-other')).kind).toBe('started');
  });
});
