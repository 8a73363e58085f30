import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Keyring } from '../../../src/platform/config/keyring.js';
import { SecretCipher } from '../../../src/platform/crypto/secret-cipher.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { decideAndFold, DEFAULT_RETRY_POLICY } from '../../../src/webhooks/domain/delivery/decider.js';
import { Endpoint } from '../../../src/webhooks/domain/endpoint.js';
import { SqlDeliveryStore } from '../../../src/webhooks/infrastructure/sql-delivery.store.js';
import { SqlEndpointRepository } from '../../../src/webhooks/infrastructure/sql-endpoint.repository.js';
import { secondWaitsForFirst } from '../../support/lock-waits.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The delivery store's lock alone on a migrated PostgreSQL (ADR 0079): the recorder locks the streams it records, in
 * id order, after their endpoints and before it plans, so the plan is decided from rows no one else can move.
 */
describe('SqlDeliveryStore.lockMany', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sql: Sql;
  let store: SqlDeliveryStore;
  const now = new Date('2026-12-07T10:00:00.000Z');

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    sql = new Sql(pool);
    store = new SqlDeliveryStore(sql);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  /** A workspace, an endpoint, and one new delivery stream per id (each of its own event). */
  const streams = async (workspaceId: string, ids: string[]) => {
    await pool.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'W', 'pro', $2, $2)`, [workspaceId, now]);
    const endpoints = new SqlEndpointRepository(sql, new SecretCipher(new Keyring(Buffer.alloc(32, 5)).deriveAll('webhook-secrets')));
    const endpointId = `ep_${workspaceId}`;
    await endpoints.insert(
      Endpoint.register({
        id: endpointId,
        workspaceId,
        url: 'https://hooks.example.com/lock',
        eventTypes: ['contact.created'],
        subscribable: ['contact.created'],
        secretRef: endpoints.seal(endpointId, 'whsec_lock'),
        now,
      }),
    );
    for (const id of ids) {
      await pool.query(
        `INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at) VALUES ($1, $2, 'contact.created', '{}', $3)`,
        [`whmsg_${id}`, workspaceId, now],
      );
    }
    const created = await store.createMany(
      ids.map((id) => ({
        deliveryId: id,
        ...decideAndFold(
          {
            type: 'CreateDelivery',
            deliveryId: id,
            endpointId,
            workspaceId,
            eventId: `whmsg_${id}`,
            eventType: 'contact.created',
            now,
            endpointActive: true,
          },
          null,
          DEFAULT_RETRY_POLICY,
        ),
      })),
    );
    expect([...created].sort()).toEqual([...ids].sort());
  };

  it('returns the version of each stream that exists, and holds the rows until the transaction ends', async () => {
    await streams('ws_lock_a', ['dlv_lock_b', 'dlv_lock_a']);
    const keys = [
      { workspaceId: 'ws_lock_a', id: 'dlv_lock_b' },
      { workspaceId: 'ws_lock_a', id: 'dlv_lock_none' },
      { workspaceId: 'ws_lock_a', id: 'dlv_lock_a' },
    ];
    const locked = await sql.transaction(() => store.lockMany(keys));
    expect([...locked]).toEqual([
      ['dlv_lock_a', 1],
      ['dlv_lock_b', 1],
    ]);
    expect(await sql.transaction(() => store.lockMany([]))).toEqual(new Map());
    // Another workspace's key finds nothing.
    expect(await sql.transaction(() => store.lockMany([{ workspaceId: 'ws_lock_other', id: 'dlv_lock_a' }]))).toEqual(new Map());

    const { whenSecondWaited, atTheEnd } = await secondWaitsForFirst(sql, pool, {
      first: () => store.lockMany(keys),
      second: () => store.lockMany([keys[0]!]),
    });
    expect(whenSecondWaited).toEqual(['first locked']);
    expect(atTheEnd).toEqual(['first locked', 'first done', 'second locked']);
  });
});
