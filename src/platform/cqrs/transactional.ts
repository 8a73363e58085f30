import { Inject, type Type } from '@nestjs/common';
import { Sql } from '../database/sql.js';
import { commandSpan } from '../observability/tracing.js';

/** How a command handler's writes are made atomic (docs/adr/0023). */
export type TransactionPolicy =
  /** `execute` runs in one transaction, opened around it (joining an outer one) by `@Transactional()` */
  | 'handler'
  /**
   * the handler does slow I/O first (a signed test send over the network, bytes to file storage) holding no
   * connection, then opens its own short transaction(s) with `Transactions.run()` and re-checks inside what it
   * read before; or it works in many short transactions (one per endpoint re-encrypted)
   */
  | 'own';

export const TRANSACTION_POLICY = 'bp:transaction-policy';
const SQL_PROPERTY = '__transactionalSql';

interface Executable {
  execute(...args: unknown[]): Promise<unknown>;
}

/**
 * Makes a command handler its own unit of work: `execute` runs in a transaction that commits the state change
 * and the outbox rows its repositories wrote, or neither. Inside an outer transaction (the HTTP interceptor's
 * unit of work for the idempotency record, a worker's claim) it joins that one. The same command therefore
 * gives the same result from every entry point: HTTP, CLI, live site, scheduler, workers.
 */
export function Transactional(): ClassDecorator {
  return (target) => {
    const type = target as unknown as Type<Executable>;
    // Property injection keeps the handlers' constructors free of a dependency they never call.
    Inject(Sql)(type.prototype, SQL_PROPERTY);
    const execute = type.prototype.execute;
    if (typeof execute !== 'function') throw new Error(`@Transactional(): ${type.name} has no execute()`);
    type.prototype.execute = function (this: Executable & { [SQL_PROPERTY]: Sql }, ...args: unknown[]) {
      return commandSpan(type.name, () => this[SQL_PROPERTY].transaction(() => execute.apply(this, args)));
    };
    Reflect.defineMetadata(TRANSACTION_POLICY, 'handler' satisfies TransactionPolicy, type);
  };
}

/**
 * Marks a command handler that opens its own transactions with `Transactions.run()`, because it must do slow
 * I/O before it writes (holding no connection meanwhile) or works in many short steps. `why` is for the reader.
 */
export function OwnTransactions(why: string): ClassDecorator {
  return (target) => {
    const type = target as unknown as Type<Executable>;
    const execute = type.prototype.execute;
    if (typeof execute !== 'function') throw new Error(`@OwnTransactions(): ${type.name} has no execute()`);
    type.prototype.execute = function (this: Executable, ...args: unknown[]) {
      return commandSpan(type.name, () => execute.apply(this, args));
    };
    Reflect.defineMetadata(TRANSACTION_POLICY, 'own' satisfies TransactionPolicy, target);
    Reflect.defineMetadata(`${TRANSACTION_POLICY}:why`, why, target);
  };
}

/** Port: runs work in one transaction (joining an open one). For handlers marked `@OwnTransactions()`. */
export abstract class Transactions {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` once the transaction in hand (the handler's, or the unit of work it joined) has committed; never
   * after a rollback. `work` must not throw (see Sql.afterCommit).
   */
  abstract afterCommit(work: () => Promise<void>): Promise<void>;
}

export function transactionPolicyOf(handler: Type<unknown>): TransactionPolicy | undefined {
  return Reflect.getMetadata(TRANSACTION_POLICY, handler) as TransactionPolicy | undefined;
}
