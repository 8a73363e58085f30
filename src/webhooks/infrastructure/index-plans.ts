import { compileStatement, sql } from '../../platform/database/query-builder.js';
import type { Sql } from '../../platform/database/sql.js';

/**
 * Has the rest of the current transaction find rows through indexes, never by scanning a table
 * (`enable_seqscan` off, transaction-local).
 *
 * The batch statements of the dispatcher look rows up by a list of keys (`id = ANY(?)`, `UPDATE … FROM
 * unnest(?)`). They run as named prepared statements, whose generic plan is made once per connection and then
 * kept: made while a table was small (a quiet start), it scans the table and tests every row against the whole
 * key list, which grows with the table into the largest cost of a busy dispatcher (unnamed, with
 * DATABASE_PREPARED_STATEMENTS off, they are planned on each call: docs/adr/0050). With sequential scans off,
 * the plan probes the primary key for each key, whatever the size of the table when it was planned.
 *
 * The setting only shapes plans made under it: a generic plan cached while sequential scans were allowed
 * keeps its scan. So the statements it protects must run only inside transactions that call this first
 * (today: the dispatcher's claim and the recorder's group transaction, both opened by SqlBatchTransactions,
 * the adapter of the BatchTransactions port, and the webhook retention's rounds: `deleteStreamEvents` and the
 * envelope sweep); do not reuse them elsewhere.
 */
const SEQSCAN_OFF = compileStatement(sql`SELECT set_config('enable_seqscan', 'off', true)`);

export async function useIndexPlans(db: Sql): Promise<void> {
  if (!db.inTransaction()) throw new Error('useIndexPlans needs a transaction (the setting is transaction-local)');
  await db.all(SEQSCAN_OFF);
}
