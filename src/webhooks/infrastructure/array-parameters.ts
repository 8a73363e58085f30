import type { AliasedRawBuilder } from 'kysely';
import { sql } from '../../platform/database/query-builder.js';

/**
 * Lists bound as single array parameters, so that a statement's text (and its prepared statement) is the same
 * whatever the number of values, and the batch statements keep their index plans (see `index-plans.ts`).
 */

/** A list as one `text[]` parameter, for `= ANY(…)` and `<> ALL(…)`. */
export const textArray = (values: readonly string[]) => sql<string[]>`${[...values]}::text[]`;

/** The element types the webhooks context's `unnest` sources bind. */
type ElementType = 'text' | 'int' | 'boolean' | 'timestamptz';

/**
 * A row source `unnest($1::text[], $2::int[], …) AS alias(column, …)` over parallel arrays, one bound parameter
 * per column (so the statement text is the same whatever the number of rows), typed by its columns' values:
 * `selectFrom(unnest('p', { id: [ids, 'text'], version: [versions, 'int'] }))` reads `p.id` and `p.version`.
 */
export function unnest<R extends Record<string, unknown>, A extends string>(
  alias: A,
  columns: { [K in keyof R]: readonly [values: readonly R[K][], type: ElementType] },
): AliasedRawBuilder<R, A> {
  const entries = Object.entries(columns) as [string, readonly [readonly unknown[], ElementType]][];
  const arrays = entries.map(([, [values, type]]) => sql`${[...values]}::${sql.raw(type)}[]`);
  return sql<R>`unnest(${sql.join(arrays)})`.as<A>(sql`${sql.id(alias)}(${sql.join(entries.map(([name]) => sql.id(name)))})`);
}
