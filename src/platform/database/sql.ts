import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Thin access to SQL through MikroORM's EntityManager. Statements run in the transaction that is open
 * in the current async context (`transaction()` here or any outer one), else on the pool.
 * Parameters are positional `?` placeholders.
 */
@Injectable()
export class Sql {
  constructor(private readonly em: EntityManager) {}

  all<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute(sql, params as unknown[], 'all') as Promise<T[]>;
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    const rows = await this.all<T>(sql, params);
    return rows[0];
  }

  /** Runs `fn` in a transaction; nested calls join the outer transaction. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.em.getTransactionContext()) return fn();
    return this.em.transactional(() => fn());
  }

  inTransaction(): boolean {
    return this.em.getTransactionContext() !== undefined;
  }
}
