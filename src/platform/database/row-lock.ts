import type { Compilable, CompiledQuery } from 'kysely';
import { prepared, type Slots } from './query-builder.js';
import type { Sql } from './sql.js';

/** What a port's read is asked: `lock`, to hold its rows until the transaction ends. */
export interface LockOption {
  lock?: boolean;
}

type RowOf<Q> = Q extends Compilable<infer R> ? R : never;

/**
 * The one way a repository read locks its rows (docs/adr/0041): the read compiled once plain and once with FOR UPDATE
 * (`lock` says how, FOR UPDATE by default); a call takes the locked one when asked to lock inside a transaction
 * (outside one a lock would end with its own statement). Claims that skip locked rows, the dispatcher's batch lock
 * and the rewrites in place listed in ADR 0041 keep their own statements.
 */
export function lockable<P extends Record<string, unknown>, Q extends Compilable<unknown> & { forUpdate(): Q }>(
  build: (p: Slots<P>) => Q,
  lock: (query: Q) => Q = (query) => query.forUpdate(),
): (db: Sql, values: P, options?: LockOption) => CompiledQuery<RowOf<Q>> {
  const plain = prepared<P, RowOf<Q>>((p) => build(p) as Compilable<RowOf<Q>>);
  const locked = prepared<P, RowOf<Q>>((p) => lock(build(p)) as Compilable<RowOf<Q>>);
  return (db, values, options) => (options?.lock === true && db.inTransaction() ? locked : plain)(values);
}
