import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MIN_CHANGED_ROWS, QUICK_STATISTICS_TARGET, StatisticsKeeper } from '../../../src/platform/workers/statistics-keeper.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The statistics keeper (docs/adr/0080) on PostgreSQL: a table that changed by more than its own size since it was
 * last analyzed is analyzed (its row estimate follows), one that changed by less is not. The activity counters reach
 * pg_stat_user_tables up to a second after a commit, so each step waits for them first.
 */
describe('the statistics keeper', () => {
  let t: TestApp;
  let keeper: StatisticsKeeper;
  beforeAll(async () => {
    t = await startTestApp();
    keeper = t.app.get(StatisticsKeeper);
    // autovacuum off for it: its own analysis would race the steps below
    await t.sql(`CREATE TABLE stats_probe (id int PRIMARY KEY) WITH (autovacuum_enabled = false)`);
  });
  afterAll(() => t.close());

  const insert = (from: number, count: number) =>
    t.sql(`INSERT INTO stats_probe SELECT g FROM generate_series($1::int, $2::int) g`, [from, from + count - 1]);
  /** Waits until the counters show `changed` rows modified since the last analysis. */
  async function countersShow(changed: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await t.sql<{ n: number }>(
        `SELECT n_mod_since_analyze::int AS n FROM pg_stat_user_tables WHERE relname = 'stats_probe'`,
      );
      if (row?.n === changed) return;
      if (Date.now() > deadline) throw new Error(`counters show ${row?.n} changed rows, not ${changed}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const histogramBounds = async () =>
    (
      await t.sql<{ n: number }>(
        `SELECT array_length(histogram_bounds::text::text[], 1) AS n FROM pg_stats WHERE tablename = 'stats_probe' AND attname = 'id'`,
      )
    )[0]!.n;
  const estimate = async () => (await t.sql<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'stats_probe'`))[0]!.n;

  it('analyzes a table once it changed by more than its size, and not before', async () => {
    await insert(1, MIN_CHANGED_ROWS - 1);
    await countersShow(MIN_CHANGED_ROWS - 1);
    expect(await keeper.refresh()).not.toContain('stats_probe'); // under the floor

    await insert(MIN_CHANGED_ROWS, 4_001);
    await countersShow(MIN_CHANGED_ROWS + 4_000);
    expect(await keeper.refresh()).toContain('stats_probe');
    expect(await estimate()).toBe(MIN_CHANGED_ROWS + 4_000);
    // a quick look: a histogram of QUICK_STATISTICS_TARGET buckets, not the default 100 (docs/adr/0096)
    expect(await histogramBounds()).toBe(QUICK_STATISTICS_TARGET + 1);
    await countersShow(0);
    expect(await keeper.refresh()).not.toContain('stats_probe');

    // 3,000 more rows into 5,000: less than its size, left to autovacuum
    await insert(MIN_CHANGED_ROWS + 4_001, 3_000);
    await countersShow(3_000);
    expect(await keeper.refresh()).not.toContain('stats_probe');
    expect(await estimate()).toBe(MIN_CHANGED_ROWS + 4_000);

    // 3,000 more: 6,000 changed since, more than the 5,000 it was analyzed at
    await insert(MIN_CHANGED_ROWS + 7_001, 3_000);
    await countersShow(6_000);
    expect(await keeper.refresh()).toContain('stats_probe');
    expect(await estimate()).toBe(MIN_CHANGED_ROWS + 10_000);
  });
});
