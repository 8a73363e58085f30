import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aWorkspace } from '../../factories/access.factory.js';
import { claim } from '../../../src/platform/outbox/outbox-relay.statements.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * The relay's claim (leaseDue) right after a burst, on statistics taken before it: the plan a named statement gets
 * after its fifth run (generic) must read the batch's rows through an index, not the workspace's whole backlog
 * filtered by `seq` (25 ms a claim at 20,000 pending rows, on the bench's PostgreSQL 15; ADR 0080). Counts the rows
 * each scan of `outbox` produced or threw away: a plan property, not a timing.
 */
describe('the outbox claim on a table analyzed before a burst', () => {
  let t: TestApp;
  let client: pg.Client;
  beforeAll(async () => {
    t = await startTestApp();
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await t.close();
  });

  it('reads the rows it leases, not the backlog', async () => {
    const few = await aWorkspace(t.commands);
    const busy = await aWorkspace(t.commands);
    await client.query(`ALTER TABLE outbox SET (autovacuum_enabled = off)`);
    const add = (workspace: string, n: number, tag: string) =>
      client.query(
        `INSERT INTO outbox (event_id, workspace_id, type, payload)
         SELECT 'whmsg_plan_' || $3 || g, $1, 'contact.created', '{"data":{}}' FROM generate_series(1, $2) g`,
        [workspace, n, tag],
      );
    // Statistics of a table holding one row each for many workspaces: the busy one is rare there.
    await client.query(
      `INSERT INTO outbox (event_id, workspace_id, type, payload)
       SELECT 'whmsg_plan_a' || g, $1 || '_' || g, 'contact.created', '{"data":{}}' FROM generate_series(1, 330) g`,
      [few.id],
    );
    await client.query('ANALYZE outbox');
    await add(busy.id, 5_000, 'b');
    await client.query(`UPDATE outbox SET processed_at = now() WHERE workspace_id LIKE $1`, [`${few.id}_%`]);

    const q = claim({ limit: 200, leaseSeconds: 30, workspaceIds: null });
    const literal = (v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    await client.query(`SET plan_cache_mode = force_generic_plan`);
    await client.query(`PREPARE relay_claim AS ${q.sql}`);
    await client.query('BEGIN');
    try {
      await client.query(`SELECT set_config('enable_sort', 'off', true)`);
      const [row] = (
        await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE relay_claim(${q.parameters.map(literal).join(', ')})`,
        )
      ).rows;
      const scans = nodes(row!['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'outbox' && n['Node Type'].endsWith('Scan'));
      const leased = row!['QUERY PLAN'][0].Plan['Actual Rows'];
      const read = scans.reduce(
        (sum, n) => sum + n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0),
        0,
      );
      expect(leased).toBe(200);
      // the pick and the update, 200 rows each, and no more
      expect([read, scans.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim())]).toEqual([400, expect.any(Array)]);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});
