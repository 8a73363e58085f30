import type { Expression, RawBuilder } from 'kysely';
import { sql, type Statement } from '../database/query-builder.js';
import type { Sql } from '../database/sql.js';

/**
 * Runs a `DELETE … RETURNING` statement built for a row limit (`statement(batch)`), again and again until a
 * round deletes fewer rows than the limit; returns the total. Each round is its own short statement (its own
 * transaction unless the caller opened one), so locks on a big table are held for one batch at a time.
 */
export async function deleteInBatches(db: Sql, statement: (limit: number) => Statement<unknown>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await db.all(statement(batch))).length;
    total += n;
    if (n < batch) return total;
  }
}

/**
 * `ctid = ANY(ARRAY(<select of ctid … LIMIT n FOR UPDATE SKIP LOCKED>))`: the batch's rows deleted by their physical
 * address (a TID scan), whatever the table's keys. A join on the selected keys lets the planner hash-join a full scan
 * of the table when many rows are past their time; the rows are locked by the select, so their addresses hold.
 */
export function rowsOf(batch: Expression<unknown>): RawBuilder<boolean> {
  return sql<boolean>`ctid = ANY(ARRAY(${batch}))`;
}
