import { isExpression, type AliasedRawBuilder, type Expression } from 'kysely';
import { sql } from './query-builder.js';

/**
 * Lists bound as single array parameters, so that a statement's text (and its prepared statement) is the same
 * whatever the number of values, and batch statements keep their index plans (see webhooks' `useIndexPlans`, sql-delivery.queue.ts).
 * A list is either values or a `prepared()` statement's slot that stands for them.
 */
export type List<T> = readonly T[] | Expression<T[]>;

const bound = <T>(list: List<T>) => (isExpression(list) ? list : [...list]);

/** A list as one `text[]` parameter, for `= ANY(…)` and `<> ALL(…)`. */
export const textArray = (values: List<string>) => sql<string[]>`${bound(values)}::text[]`;

/** The element types an `unnest` source binds. */
export type ElementType = 'text' | 'int' | 'bigint' | 'boolean' | 'timestamptz' | 'date';

/**
 * A row source `unnest($1::text[], $2::int[], …) AS alias(column, …)` over parallel arrays, one bound parameter
 * per column (so the statement text is the same whatever the number of rows), typed by its columns' values:
 * `selectFrom(unnest('p', { id: [ids, 'text'], version: [versions, 'int'] }))` reads `p.id` and `p.version`.
 */
export function unnest<R extends Record<string, unknown>, A extends string>(
  alias: A,
  columns: { readonly [K in keyof R]: readonly [list: List<R[K]>, type: ElementType] },
): AliasedRawBuilder<R, A> {
  const entries = Object.entries(columns) as [string, readonly [List<unknown>, ElementType]][];
  const arrays = entries.map(([, [list, type]]) => sql`${bound(list)}::${sql.raw(type)}[]`);
  return sql<R>`unnest(${sql.join(arrays)})`.as<A>(sql`${sql.id(alias)}(${sql.join(entries.map(([name]) => sql.id(name)))})`);
}

/**
 * `unnest(…) WITH ORDINALITY AS alias(column, …, ord)`: the same row source with each row's position in the arrays
 * (from 1) as `ord`, for statements whose effect must follow the arrays' order (`ORDER BY alias.ord`: an insert's
 * sequence numbers, say), which SQL does not promise for a plain `unnest`.
 */
export function unnestInOrder<R extends Record<string, unknown>, A extends string>(
  alias: A,
  columns: { readonly [K in keyof R]: readonly [list: List<R[K]>, type: ElementType] },
): AliasedRawBuilder<R & { ord: string }, A> {
  const entries = Object.entries(columns) as [string, readonly [List<unknown>, ElementType]][];
  const arrays = entries.map(([, [list, type]]) => sql`${bound(list)}::${sql.raw(type)}[]`);
  const names = [...entries.map(([name]) => sql.id(name)), sql.id('ord')];
  return sql<R & { ord: string }>`unnest(${sql.join(arrays)}) WITH ORDINALITY`.as<A>(sql`${sql.id(alias)}(${sql.join(names)})`);
}

/** `unnest` columns from a prepared statement's slots: each column of `types` bound to the slot of its name. */
export function slotColumns<T extends Record<string, ElementType>, S extends { readonly [K in keyof T]: unknown }>(
  types: T,
  slots: S,
): { readonly [K in keyof T]: readonly [S[K], ElementType] } {
  return Object.fromEntries(Object.entries(types).map(([name, type]) => [name, [slots[name], type]])) as never;
}
