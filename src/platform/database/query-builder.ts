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

/** A parameter slot of a prepared statement, bound per call. */
class Slot {
  constructor(readonly key: string) {}
}

/** Placeholders for a prepared statement's values: `p.id` stands for `values.id`. */
export type Slots<P> = { readonly [K in keyof P]: RawBuilder<P[K]> };

/**
 * A statement built and compiled once, whose values are bound per call (docs/adr/0027): for the read path,
 * where building and compiling on every request would cost more than the string statements did. `build`
 * receives slots (`p.id`) wherever a value goes; the compiled text is reused, only the values change.
 */
export function prepared<P extends Record<string, unknown>, R>(build: (p: Slots<P>) => Statement<R>): (values: P) => CompiledQuery<R> {
  const slots = new Proxy({} as Slots<P>, { get: (_, key) => sql.val(new Slot(String(key))) });
  const compiled = compileStatement(build(slots));
  const keys = compiled.parameters.map((v) => (v instanceof Slot ? v.key : undefined));
  return (values) => ({
    ...compiled,
    parameters: compiled.parameters.map((constant, i) => {
      const key = keys[i];
      return key === undefined ? constant : values[key];
    }),
  });
}

/** A value written to a `jsonb` column (the driver would send an array as a PostgreSQL array). */
export const jsonb = <T>(value: T): RawBuilder<T> => sql<T>`${JSON.stringify(value)}::jsonb`;

export { sql };
