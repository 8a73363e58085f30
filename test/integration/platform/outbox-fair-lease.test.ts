import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Sql } from '../../../src/platform/database/sql.js';
import { ALL } from '../../../src/platform/database/shard-groups.js';
import { leaseDue } from '../../../src/platform/outbox/outbox-relay.statements.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The relay's lease on one PostgreSQL (docs/adr/0097): one workspace's burst does not hold another workspace's events
 * back. Each workspace with rows to publish gets up to an equal share of a batch; a workspace alone gets all of it.
 */
describe('the fair outbox lease', () => {
  let t: TestApp;
  let db: Sql;
  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(Sql);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.sql(`UPDATE outbox SET processed_at = now() WHERE processed_at IS NULL`);
  });

  const add = (workspace: string, n: number) =>
    t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload)
       SELECT 'whmsg_fair_' || $1 || '_' || g, $1, 'contact.created', '{"data":{}}' FROM generate_series(1, $2::int) g`,
      [workspace, n],
    );
  const byWorkspace = (rows: { workspace_id: string }[]) =>
    Object.fromEntries(
      [...new Set(rows.map((r) => r.workspace_id))].sort().map((w) => [w, rows.filter((r) => r.workspace_id === w).length]),
    );

  it("leases a workspace's one event in the first batch, behind another's burst of 1,000", async () => {
    await add('ws_fair_c', 1_000);
    await add('ws_fair_a', 300);
    await add('ws_fair_b', 1);
    const rows = await leaseDue(db, ALL, 200, 30);
    expect(byWorkspace(rows)).toEqual({ ws_fair_a: 67, ws_fair_b: 1, ws_fair_c: 67 });
    // each workspace's oldest rows, in publication order
    const c = rows.filter((r) => r.workspace_id === 'ws_fair_c').map((r) => r.event_id);
    expect(c).toEqual(Array.from({ length: 67 }, (_, i) => `whmsg_fair_ws_fair_c_${i + 1}`));
  });

  it('fills the batch from a workspace that is alone, and the next lease goes on after the leased rows', async () => {
    await add('ws_fair_alone', 450);
    const first = await leaseDue(db, ALL, 200, 30);
    const second = await leaseDue(db, ALL, 200, 30);
    const third = await leaseDue(db, ALL, 200, 30);
    expect([first.length, second.length, third.length]).toEqual([200, 200, 50]);
    const ids = [...first, ...second, ...third].map((r) => r.event_id);
    expect(new Set(ids).size).toBe(450);
    expect(await leaseDue(db, ALL, 200, 30)).toEqual([]); // all leased
  });

  it('gives two relays leasing at once disjoint rows', async () => {
    await add('ws_fair_x', 300);
    await add('ws_fair_y', 300);
    const [one, two] = await Promise.all([leaseDue(db, ALL, 200, 30), leaseDue(db, ALL, 200, 30)]);
    const ids = [...one, ...two].map((r) => r.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(400);
  });
});
