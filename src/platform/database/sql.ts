import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import { compileStatement, type Statement } from './query-builder.js';

const names = new Map<string, string>();
/** A prepared statement's name per statement text (the first 2,000 texts; the rest run unnamed). */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < 2_000) {
    name = `q${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The database scope of an async context.
 * - `lazy`: a unit of work declared by an outer caller (the HTTP interceptor) that holds no connection yet;
 *   statements run on the pool until the first `transaction()` call begins it (docs/adr/0024).
 * - `open`: a transaction on `client`; statements and nested `transaction()` calls join it.
 * - `closed`: COMMIT or ROLLBACK happened; a callback scheduled inside it and run later never borrows a client
 *   that went back to the pool.
 */
interface Scope {
  state: 'lazy' | 'open' | 'closed';
  client?: PoolClient;
  beginning?: Promise<void>;
  /** work to run once the transaction committed (`afterCommit`) */
  committed?: (() => Promise<void>)[];
}

/** Which pool a caller draws from: the API's, or the workers' own (so neither can starve the other). */
export type PoolLane = 'api' | 'workers';

export interface SqlOptions {
  /**
   * Whether each distinct statement text runs as a named prepared statement (DATABASE_PREPARED_STATEMENTS, true by
   * default). Off, every statement is parsed unnamed: a pooler in transaction mode may hand each transaction another
   * server connection, where a name prepared elsewhere is unknown or taken (docs/adr/0050).
   */
  preparedStatements?: boolean;
  /**
   * Where LISTEN connections come from (DATABASE_LISTEN_URL): a pool straight to PostgreSQL, since a pooler in
   * transaction mode cannot hold one (docs/adr/0050). By default, the workers' pool.
   */
  listenPool?: Pool;
}

/**
 * Thin access to SQL on the pg pool that MikroORM opened (docs/adr/0010, 0020). Statements run in the
 * transaction open in the current async context (`transaction()` here, or an outer one), else on the
 * pool. Statements are typed (docs/adr/0027): built with a context's query builder or a `sql` template, their
 * values bound by the driver (never inlined), each distinct text a named prepared statement unless
 * `preparedStatements` is off (docs/adr/0050).
 *
 * Two pools: the API pool, and the workers' pool used by everything that runs inside `asWorker()`. Waiting
 * for a pooled connection is bounded by the pools' `connectionTimeoutMillis`; past it the statement fails
 * with pg-pool's "timeout exceeded when trying to connect", which the HTTP edge answers 503 (docs/adr/0025).
 */
export class Sql {
  private readonly tx = new AsyncLocalStorage<Scope>();
  private readonly lane = new AsyncLocalStorage<PoolLane>();
  private readonly named: boolean;
  /** The pool LISTEN connections come from (PgListener): DATABASE_LISTEN_URL's, else the workers'. */
  readonly listenPool: Pool;

  constructor(
    readonly apiPool: Pool,
    readonly workerPool: Pool = apiPool,
    options: SqlOptions = {},
  ) {
    this.named = options.preparedStatements ?? true;
    this.listenPool = options.listenPool ?? workerPool;
  }

  private current(): PoolClient | undefined {
    const scope = this.tx.getStore();
    return scope?.state === 'open' ? scope.client : undefined;
  }

  private pool(): Pool {
    return this.lane.getStore() === 'workers' ? this.workerPool : this.apiPool;
  }

  /** Runs `fn` (and everything it schedules) on the workers' pool. */
  asWorker<T>(fn: () => T): T {
    return this.lane.run('workers', fn);
  }

  /** Runs a typed statement (docs/adr/0027) and returns its rows. */
  async all<R>(statement: Statement<R>): Promise<R[]> {
    const runner = this.current() ?? this.pool();
    const q = compileStatement(statement);
    const name = this.named ? nameOf(q.sql) : undefined;
    const result = await runner.query({ text: q.sql, name, values: q.parameters as unknown[] });
    return result.rows as R[];
  }

  /** Runs a typed statement and returns its first row. */
  async one<R>(statement: Statement<R>): Promise<R | undefined> {
    const rows = await this.all(statement);
    return rows[0];
  }

  /**
   * Runs `fn` in a transaction. Nested calls join the outer transaction; inside a lazy unit of work the first
   * call begins the unit's transaction, which the unit commits when it ends.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const scope = this.tx.getStore();
    if (scope?.state === 'open') return fn();
    if (scope?.state === 'lazy') {
      await this.begin(scope);
      return fn();
    }
    const own: Scope = { state: 'lazy' };
    return this.tx.run(own, () =>
      this.settle(own, async () => {
        await this.begin(own);
        return fn();
      }),
    );
  }

  /**
   * A unit of work that opens its transaction only when the work first asks for one (`transaction()`), so
   * reads and network waits before that hold no connection. `beforeCommit` runs with the work's result inside
   * the transaction when one was begun (else on the pool), so what it writes commits with the work's writes.
   * Inside an open transaction or another unit, it joins.
   */
  async unitOfWork<T>(work: () => Promise<T>, beforeCommit?: (result: T) => Promise<void>): Promise<T> {
    const outer = this.tx.getStore();
    if (outer && outer.state !== 'closed') {
      const result = await work();
      await beforeCommit?.(result);
      return result;
    }
    const scope: Scope = { state: 'lazy' };
    return this.tx.run(scope, () =>
      this.settle(scope, async () => {
        const result = await work();
        await beforeCommit?.(result);
        return result;
      }),
    );
  }

  /**
   * Runs `work` once the transaction of the current context has committed (a unit of work's, when the caller joined
   * one), before its caller goes on; never after a rollback. With no transaction in hand, it runs at once. `work`
   * comes after the fact and must not throw: it reports its own failures (an upload's bytes moved into place after
   * their row committed: docs/adr/0045).
   */
  async afterCommit(work: () => Promise<void>): Promise<void> {
    const scope = this.tx.getStore();
    if (scope && scope.state !== 'closed') (scope.committed ??= []).push(work);
    else await work();
  }

  inTransaction(): boolean {
    return this.current() !== undefined;
  }

  private begin(scope: Scope): Promise<void> {
    scope.beginning ??= (async () => {
      const client = await this.pool().connect();
      scope.client = client;
      try {
        await client.query('BEGIN');
      } catch (err) {
        scope.client = undefined;
        client.release(err as Error);
        throw err;
      }
      scope.state = 'open';
    })();
    return scope.beginning;
  }

  /** Runs `body` in `scope`, then commits what it began, or rolls it back when `body` throws. */
  private async settle<T>(scope: Scope, body: () => Promise<T>): Promise<T> {
    let broken: Error | undefined;
    let result: T;
    try {
      result = await body();
      await scope.beginning;
      if (scope.state === 'open') await scope.client!.query('COMMIT');
    } catch (err) {
      await scope.beginning?.catch(() => undefined);
      if (scope.state === 'open') await scope.client!.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
      throw err;
    } finally {
      scope.state = 'closed';
      // A connection whose rollback failed is not given back to the pool.
      scope.client?.release(broken);
    }
    for (const work of scope.committed ?? []) await work();
    return result;
  }
}
