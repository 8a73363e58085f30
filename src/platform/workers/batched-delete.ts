import type { Statement } from '../database/query-builder.js';
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
