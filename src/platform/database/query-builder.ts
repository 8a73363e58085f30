import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';

/**
 * A typed query builder over a context's tables (docs/adr/0027). It only builds and compiles: statements run
 * through `Sql`, in the transaction of the current async context, as named prepared statements.
 */
export function queryBuilder<DB>(): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

const compiler = queryBuilder<unknown>();

/** Something `Sql` can run: a built query, a `sql` template, or either compiled. */
export type Statement<R> = Compilable<R> | RawBuilder<R> | CompiledQuery<R>;

export function compileStatement<R>(q: Statement<R>): CompiledQuery<R> {
  if ('isRawBuilder' in q) return q.compile(compiler);
  if ('compile' in q) return q.compile();
  return q;
}

/** A value written to a `jsonb` column (the driver would send an array as a PostgreSQL array). */
export const jsonb = <T>(value: T): RawBuilder<T> => sql<T>`${JSON.stringify(value)}::jsonb`;

export { sql };
