import { prepared, sql, type Slots } from './query-builder.js';
import type { Sql } from './sql.js';

/**
 * `pg_notify` once per payload, in a statement that reads no table: on a cluster sharded with Citus it runs where
 * the application is connected (the coordinator, where the listeners are), never on a worker, which is why the
 * application notifies rather than a trigger (docs/adr/0053). Inside a transaction the notifications are delivered
 * at commit, and not at all on rollback, like a trigger's; PostgreSQL folds repeats within a transaction into one.
 */
const notifyStatement = prepared(
  (p: Slots<{ channel: string; payloads: string[] }>) =>
    sql<{ n: number }>`SELECT count(pg_notify(${p.channel}::text, payload))::int AS n FROM unnest(${p.payloads}::text[]) AS payload`,
);

export async function notify(db: Sql, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  await db.all(notifyStatement({ channel, payloads: [...new Set(payloads)] }));
}

/**
 * Notifies `channel` (with an empty payload) when one of `times` is at most a second from the database's clock: work
 * that falls due now wakes its workers, work due later is left to their timers. Reads no table either.
 */
const notifyIfDueStatement = prepared(
  (p: Slots<{ channel: string; times: Date[] }>) =>
    sql<{ n: number }>`SELECT count(pg_notify(${p.channel}::text, ''))::int AS n
      FROM (SELECT 1 FROM unnest(${p.times}::timestamptz[]) AS t WHERE t <= now() + interval '1 second' LIMIT 1) AS due`,
);

export async function notifyIfDue(db: Sql, channel: string, times: readonly Date[]): Promise<void> {
  if (times.length === 0) return;
  await db.all(notifyIfDueStatement({ channel, times: [...times] }));
}
