import type pg from 'pg';
import type { Sql } from '../../src/platform/database/sql.js';
import type { TestApp } from './test-app.js';

/**
 * Returns once a statement on the test's database waits for a lock (the request under test met a row another
 * transaction holds), or once `settled()` says the request finished without waiting; the caller asserts which.
 */
export async function untilWaitingOnLock(t: Pick<TestApp, 'sql'>, settled: () => boolean): Promise<void> {
  for (;;) {
    const [{ waiting }] = await t.sql<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (waiting > 0 || settled()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * An adapter's lock held until its transaction ends: `first` runs in a transaction that stays open, `whileHeld` runs
 * meanwhile (what must not wait for it), then `second` runs in another. Returns the order of what happened when
 * `second` was seen waiting for a lock (or had finished without waiting), and once both ended: a lock that holds gives
 * `['first locked']`, then `['first locked', 'first done', 'second locked']`.
 */
export async function secondWaitsForFirst(
  sql: Sql,
  pool: pg.Pool,
  locks: { first: () => Promise<unknown>; second: () => Promise<unknown>; whileHeld?: () => Promise<void> },
): Promise<{ whenSecondWaited: string[]; atTheEnd: string[] }> {
  const order: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const first = sql.transaction(async () => {
    await locks.first();
    order.push('first locked');
    await held;
    order.push('first done');
  });
  let second: Promise<void> = Promise.resolve();
  let whenSecondWaited: string[];
  try {
    while (!order.includes('first locked')) await new Promise((r) => setTimeout(r, 5));
    await locks.whileHeld?.();
    second = sql.transaction(async () => {
      await locks.second();
      order.push('second locked');
    });
    await untilWaitingOnLock({ sql: async (text, params) => (await pool.query(text, params)).rows }, () => order.length > 1);
    whenSecondWaited = [...order];
  } finally {
    release(); // also when a check failed: the first transaction ends either way
  }
  await Promise.all([first, second]);
  return { whenSecondWaited, atTheEnd: order };
}
