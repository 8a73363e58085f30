import type { Expression, RawBuilder } from 'kysely';
import { sql, type Statement } from '../database/query-builder.js';
import { everyShardGroup, inShardGroup, type ShardGroup } from '../database/shard-groups.js';
import type { Sql } from '../database/sql.js';

/**
 * Runs a `DELETE … RETURNING` statement built for a row limit and a group of workspaces (`statement(batch, group)`),
 * again and again until a round deletes fewer rows than the limit; returns the total. Each round is its own short
 * statement (its own transaction unless the caller opened one), so locks on a big table are held for one batch at a
 * time. The statement keeps to `group` (`inShardGroup`): on one PostgreSQL there is one group, every workspace; on a
 * cluster sharded by workspace, one per shard, since a locking delete must stay on one shard (docs/adr/0053).
 * With `around`, each round is a transaction: `before` runs first (a transaction-local setting, say), `after` with
 * the round's returned rows (what depends on the rows deleted, deleted with them).
 */
export async function deleteInBatches<R>(
  db: Sql,
  statement: (limit: number, group: ShardGroup) => Statement<R>,
  batch: number,
  around?: { before?: () => Promise<void>; after?: (rows: R[], group: ShardGroup) => Promise<void> },
): Promise<number> {
  let total = 0;
  for (const group of await everyShardGroup(db)) {
    for (;;) {
      const round = async () => {
        await around?.before?.();
        const rows = await db.all(statement(batch, group));
        if (around?.after && rows.length > 0) await around.after(rows, group);
        return rows.length;
      };
      const n = around ? await db.transaction(round) : await round();
      total += n;
      if (n < batch) break;
    }
  }
  return total;
}

/**
 * `ctid = ANY(ARRAY(<select of ctid … LIMIT n FOR UPDATE SKIP LOCKED>))`: the batch's rows deleted by their physical
 * address (a TID scan), whatever the table's keys. A join on the selected keys lets the planner hash-join a full scan
 * of the table when many rows are past their time; the rows are locked by the select, so their addresses hold.
 */
export function rowsOf(batch: Expression<unknown>): RawBuilder<boolean> {
  return sql<boolean>`ctid = ANY(ARRAY(${batch}))`;
}

/**
 * Deletes the rows of `table` that `expired` selects, in batches of `batch` found through the index its condition
 * names, by their row addresses (`rowsOf`), one shard group at a time; returns how many. The retentions of
 * append-only tables (docs/adr/0055) are all this one statement with their own condition and batch size.
 */
export function purgeInBatches(db: Sql, table: string, expired: RawBuilder<boolean>, batch: number): Promise<number> {
  return deleteInBatches(db, (limit, group) => purgeBatch(table, expired, limit, group), batch);
}

/** One batch of `purgeInBatches`: up to `limit` rows of `table` that `expired` selects, of `group`'s workspaces. */
export function purgeBatch(table: string, expired: RawBuilder<boolean>, limit: number, group: ShardGroup): RawBuilder<{ deleted: number }> {
  const t = sql.table(table);
  const candidates = sql`SELECT ctid FROM ${t} WHERE ${inShardGroup(group)} AND ${expired} LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
  return sql<{ deleted: number }>`DELETE FROM ${t} WHERE ${inShardGroup(group)} AND ${rowsOf(candidates)} RETURNING 1 AS deleted`;
}
