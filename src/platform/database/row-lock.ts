import type { Sql } from './sql.js';

/**
 * The one way a repository read locks its rows (docs/adr/0041). A port's read takes `{ lock?: boolean }`; asked to
 * lock, the read takes FOR UPDATE on its rows, held until the transaction ends. Outside a transaction a lock would
 * end with its own statement, so the read is a plain one. (Claims that skip locked rows, and the dispatcher's batch
 * lock of endpoints in id order, are not reads of an aggregate to change: they keep their own statements.)
 */
export function locksRows(db: Sql, options: { lock?: boolean } | undefined): boolean {
  return options?.lock === true && db.inTransaction();
}

/** `query` with FOR UPDATE when `options` ask for a lock inside a transaction (`locksRows`). */
export function lockedIfAsked<Q extends { forUpdate(): Q }>(db: Sql, query: Q, options: { lock?: boolean } | undefined): Q {
  return locksRows(db, options) ? query.forUpdate() : query;
}
