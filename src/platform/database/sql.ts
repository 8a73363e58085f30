import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import { compileStatement, type Statement } from './query-builder.js';

/** The text of a statement with `?` placeholders turned into `$1…$n` (quoted text and identifiers are left alone). */
export function numberPlaceholders(sql: string): string {
  // A `?` inside a comment or a dollar-quoted or E'' string would be numbered by mistake: such statements
  // are refused rather than silently changed. (Use jsonb_exists() rather than the jsonb `?` operator.)
  if (/--|\/\*|\$\$|(^|[\s(,=])E'/i.test(sql))
    throw new Error(`Sql: comments, dollar quotes and E'' strings are not supported in statements: ${sql.slice(0, 80)}`);
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '?') {
      out += `$${++n}`;
      continue;
    }
    out += c;
  }
  return out;
}

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

interface Compiled {
  text: string;
  name: string | undefined;
}
const compiled = new Map<string, Compiled>();
let named = 0;
function compile(sql: string): Compiled {
  let c = compiled.get(sql);
  if (c === undefined) {
    c = { text: numberPlaceholders(sql), name: undefined };
    if (compiled.size < 2_000) {
      c.name = `s${++named}`;
      compiled.set(sql, c);
    }
  }
  return c;
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
}

/** Which pool a caller draws from: the API's, or the workers' own (so neither can starve the other). */
export type PoolLane = 'api' | 'workers';

/**
 * Thin access to SQL on the pg pool that MikroORM opened (docs/adr/0010, 0020). Statements run in the
 * transaction open in the current async context (`transaction()` here, or an outer one), else on the
 * pool. Parameters are positional `?` placeholders, bound by the driver (never inlined).
 *
 * Two pools: the API pool, and the workers' pool used by everything that runs inside `asWorker()`. Waiting
 * for a pooled connection is bounded by the pools' `connectionTimeoutMillis`; past it the statement fails
 * with pg-pool's "timeout exceeded when trying to connect", which the HTTP edge answers 503 (docs/adr/0025).
 */
export class Sql {
  private readonly tx = new AsyncLocalStorage<Scope>();
  private readonly lane = new AsyncLocalStorage<PoolLane>();

  constructor(
    readonly apiPool: Pool,
    readonly workerPool: Pool = apiPool,
  ) {}

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
  async all<R>(statement: Statement<R>): Promise<R[]>;
  /** @deprecated positional `?` text, being replaced by typed statements. */
  async all<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  async all<R>(statement: Statement<R> | string, params: unknown[] = []): Promise<R[]> {
    const runner = this.current() ?? this.pool();
    if (typeof statement === 'string') {
      const c = compile(statement);
      const result = await runner.query({ text: c.text, name: c.name, values: params });
      return result.rows as R[];
    }
    const q = compileStatement(statement);
    const result = await runner.query({ text: q.sql, name: nameOf(q.sql), values: q.parameters as unknown[] });
    return result.rows as R[];
  }

  /** Runs a typed statement and returns its first row. */
  async one<R>(statement: Statement<R>): Promise<R | undefined>;
  /** @deprecated positional `?` text, being replaced by typed statements. */
  async one<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R | undefined>;
  async one<R>(statement: Statement<R> | string, params: unknown[] = []): Promise<R | undefined> {
    const rows = typeof statement === 'string' ? await this.all<R>(statement, params) : await this.all(statement);
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
    try {
      const result = await body();
      await scope.beginning;
      if (scope.state === 'open') await scope.client!.query('COMMIT');
      return result;
    } catch (err) {
      await scope.beginning?.catch(() => undefined);
      if (scope.state === 'open') await scope.client!.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
      throw err;
    } finally {
      scope.state = 'closed';
      // A connection whose rollback failed is not given back to the pool.
      scope.client?.release(broken);
    }
  }
}
