import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';

/** The text of a statement with `?` placeholders turned into `$1…$n` (quoted text and identifiers are left alone). */
export function numberPlaceholders(sql: string): string {
  // A `?` inside a comment or a dollar-quoted or E'' string would be numbered by mistake: such statements
  // are refused rather than silently changed. (Use jsonb_exists() rather than the jsonb `?` operator.)
  if (/--|\/\*|\$\$|(^|[\s(,=])E'/i.test(sql)) throw new Error(`Sql: comments, dollar quotes and E'' strings are not supported in statements: ${sql.slice(0, 80)}`);
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
 * Thin access to SQL on the pg pool that MikroORM opened (docs/adr/0010, 0020). Statements run in the
 * transaction open in the current async context (`transaction()` here, or an outer one), else on the
 * pool. Parameters are positional `?` placeholders, bound by the driver (never inlined).
 */
export class Sql {
  /** The open transaction of this async context; `open` turns false at COMMIT/ROLLBACK, so a callback scheduled inside it and run later never borrows a client that went back to the pool. */
  private readonly tx = new AsyncLocalStorage<{ client: PoolClient; open: boolean }>();

  private current(): PoolClient | undefined {
    const holder = this.tx.getStore();
    return holder?.open ? holder.client : undefined;
  }

  constructor(readonly pool: Pool) {}

  async all<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const runner = this.current() ?? this.pool;
    const c = compile(sql);
    const result = await runner.query({ text: c.text, name: c.name, values: params });
    return result.rows as T[];
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    const rows = await this.all<T>(sql, params);
    return rows[0];
  }

  /** Runs `fn` in a transaction; nested calls join the outer transaction. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current()) return fn();
    const client = await this.pool.connect();
    const holder = { client, open: true };
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await this.tx.run(holder, fn);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
      throw err;
    } finally {
      holder.open = false;
      // A connection whose rollback failed is not given back to the pool.
      client.release(broken);
    }
  }

  inTransaction(): boolean {
    return this.current() !== undefined;
  }
}
