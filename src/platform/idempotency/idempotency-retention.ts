import { sql } from '../database/query-builder.js';
import type { Sql } from '../database/sql.js';
import { deleteInBatches, rowsOf } from '../workers/batched-delete.js';
import { idempotency } from './idempotency.table.js';

/** Rows per retention delete (docs/adr/0055): a short statement, whatever the backlog. */
const BATCH = 5_000;

/**
 * Deletes keys stored more than `hours` ago, in batches found through `idempotency_keys_created_idx`; returns how
 * many. The same age makes a key reusable (`IdempotencyStore.begin`), so nothing a request could still replay goes.
 */
export function purgeExpiredKeys(db: Sql, hours: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(hours => ${hours})`;
  return deleteInBatches(
    db,
    (limit) =>
      idempotency
        .deleteFrom('idempotency_keys')
        .where(({ selectFrom }) =>
          rowsOf(
            selectFrom('idempotency_keys')
              .select(sql`ctid`.as('ctid'))
              .where('created_at', '<', cutoff)
              .limit(limit)
              .forUpdate()
              .skipLocked(),
          ),
        )
        .returning('key'),
    BATCH,
  );
}
