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
