import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aWorkspace } from '../../factories/access.factory.js';
import { leaseDue } from '../../../src/platform/outbox/outbox-relay.statements.js';
import { sql } from '../../../src/platform/database/query-builder.js';
import { ALL, everyShardGroup, isDistributed, shardGroupsOf } from '../../../src/platform/database/shard-groups.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { purgeBatch } from '../../../src/platform/workers/batched-delete.js';
import { SqlDeliveryQueue } from '../../../src/webhooks/infrastructure/sql-delivery.queue.js';

/**
 * The claims that lock rows of many workspaces run once per shard group (docs/adr/0053). On one PostgreSQL there is
 * one group, every workspace; these tests run the same statements with a group of one workspace, as a cluster would.
 */
describe('claims per shard group', () => {
  let t: TestApp;
  let db: Sql;
  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(Sql);
  });
  afterAll(() => t.close());

  const pending = (n: number, ws: string, processedDaysAgo: number | null = null) =>
    t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, processed_at)
       SELECT 'whmsg_' || g || '_' || $2, $2, 'probe', '{"data":{}}', now() - make_interval(days => $3::int)
         FROM generate_series(1, $1) g`,
      [n, ws, processedDaysAgo],
    );

  it('is one group, every workspace, on a PostgreSQL without Citus', async () => {
    expect(await isDistributed(db)).toBe(false);
    expect(await shardGroupsOf(db, ['ws_a', 'ws_b'])).toEqual([ALL]);
    expect(await shardGroupsOf(db, [])).toEqual([]);
    expect(await everyShardGroup(db)).toEqual([ALL]);
  });

  it('leases outbox rows of the group only, and every due row for ALL', async () => {
    const [a, b] = [await aWorkspace(t.commands), await aWorkspace(t.commands)];
    await t.sql(`UPDATE outbox SET processed_at = now() WHERE workspace_id = ANY($1)`, [[a.id, b.id]]);
    await pending(5, a.id);
    await pending(4, b.id);
    const ofA = await leaseDue(db, [a.id], 100, 30);
    expect(ofA.map((r) => r.workspace_id)).toEqual(Array(5).fill(a.id));
    expect(await leaseDue(db, [a.id], 100, 30)).toEqual([]); // leased
    const rest = (await leaseDue(db, ALL, 10_000, 30)).filter((r) => r.workspace_id === a.id || r.workspace_id === b.id);
    expect(rest.map((r) => r.workspace_id)).toEqual(Array(4).fill(b.id));
  });

  it('deletes a retention batch of the group only', async () => {
    const [a, b] = [await aWorkspace(t.commands), await aWorkspace(t.commands)];
    await pending(3, a.id, 30);
    await pending(3, b.id, 30);
    const old = sql<boolean>`processed_at < now() - interval '7 days'`;
    expect(await db.all(purgeBatch('outbox', old, 2, [a.id]))).toHaveLength(2);
    expect(await db.all(purgeBatch('outbox', old, 100, [a.id]))).toHaveLength(1);
    const left = await t.sql<{ workspace_id: string; n: string }>(
      `SELECT workspace_id, count(*) AS n FROM outbox WHERE workspace_id = ANY($1) AND processed_at < now() - interval '7 days'
       GROUP BY workspace_id`,
      [[a.id, b.id]],
    );
    expect(left).toEqual([{ workspace_id: b.id, n: '3' }]);
  });

  it('finds the same due work with the cluster’s aggregate as with the loose index scan', async () => {
    const ws = await aWorkspace(t.commands);
    // Two endpoints: one with 5 due (2 of them leased) and 3 due later, one with only work due later.
    await t.sql(
      `INSERT INTO webhook_endpoints (id, workspace_id, url, event_types, status, secret_encrypted, created_at, updated_at)
       SELECT 'we_due_' || k || '_' || $1, $1, 'https://hooks.example.com/' || k, '{contact.created}'::text[], 'ACTIVE', 'x', now(), now()
         FROM generate_series(1, 2) k`,
      [ws.id],
    );
    await t.sql(
      `INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at)
       SELECT 'whmsg_due_' || g || '_' || $1, $1, 'contact.created', '{}', now() FROM generate_series(1, 11) g`,
      [ws.id],
    );
    await t.sql(
      `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, status, attempt_count, attempts,
                                       next_attempt_at, lease_until, recorded_while_disabled, version, created_at, attempts_in_cycle)
       SELECT 'whd_due_' || g || '_' || $1, CASE WHEN g <= 8 THEN 'we_due_1_' ELSE 'we_due_2_' END || $1, $1,
              'whmsg_due_' || g || '_' || $1, 'contact.created', 'PENDING', 0, '[]',
              CASE WHEN g <= 5 THEN now() - interval '1 minute' ELSE now() + make_interval(mins => g) END,
              CASE WHEN g <= 2 THEN now() + interval '1 minute' END, false, 1, now(), 0
         FROM generate_series(1, 11) g`,
      [ws.id],
    );
    const queue = new SqlDeliveryQueue(db);
    const q = { now: new Date(), lookAhead: 2 };
    const mine = (w: Awaited<ReturnType<SqlDeliveryQueue['dueWork']>>) => ({
      due: w.due.filter((d) => d.workspaceId === ws.id).sort((a, b) => a.endpointId.localeCompare(b.endpointId)),
    });
    const scanned = await queue.dueWork(q, { sharded: false });
    const aggregated = await queue.dueWork(q, { sharded: true });
    expect(mine(aggregated)).toEqual(mine(scanned));
    expect(mine(scanned).due).toEqual([{ endpointId: `we_due_1_${ws.id}`, workspaceId: ws.id, due: 2 }]); // 3 unleased, capped at 2
    expect(aggregated.nextDue).toEqual(scanned.nextDue);
  });
});
