import { sql } from '../database/query-builder.js';
import type { Sql } from '../database/sql.js';
import { purgeInBatches } from '../workers/batched-delete.js';

/** Rows per retention delete (docs/adr/0055): a short statement, whatever the backlog. */
const BATCH = 5_000;

/**
 * Deletes keys stored more than `hours` ago, in batches found through `idempotency_keys_created_idx`; returns how
 * many. The same age makes a key reusable (`IdempotencyStore.begin`), so nothing a request could still replay goes.
 */
export function purgeExpiredKeys(db: Sql, hours: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(hours => ${hours})`;
  return purgeInBatches(db, 'idempotency_keys', sql<boolean>`created_at < ${cutoff}`, BATCH);
}
