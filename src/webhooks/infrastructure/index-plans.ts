import { compileStatement, sql } from '../../platform/database/query-builder.js';
import type { Sql } from '../../platform/database/sql.js';

/**
 * Has the rest of the current transaction find rows through indexes (`enable_seqscan` off, transaction-local): a
 * key-list statement's generic plan, cached while its table was small, would scan the grown table and test every row
 * against the whole list. A plan cached without this keeps its scan, so run such statements only after calling it.
 */
const SEQSCAN_OFF = compileStatement(sql`SELECT set_config('enable_seqscan', 'off', true)`);

export async function useIndexPlans(db: Sql): Promise<void> {
  if (!db.inTransaction()) throw new Error('useIndexPlans needs a transaction (the setting is transaction-local)');
  await db.all(SEQSCAN_OFF);
}
