import type { Sale } from '../../domain/sale.js';

/** Port: sales. `save` also writes the sale's pulled domain events to the outbox, in the same transaction. */
export abstract class SaleRepository {
  /** With `lock`, the row is locked until the transaction ends (two refunds of one sale cannot both pass). */
  abstract byId(workspaceId: string, id: string, options?: { lock?: boolean }): Promise<Sale | null>;
  /**
   * The workspace a sale belongs to, for callers that know only its id (the operator's CLI): a read without locks,
   * which on a sharded cluster asks every shard once (docs/adr/0053); the sale is then read and locked by its key.
   */
  abstract workspaceOf(id: string): Promise<string | null>;
  abstract save(sale: Sale): Promise<void>;
}
