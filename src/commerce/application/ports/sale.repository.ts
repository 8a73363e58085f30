import type { Sale } from '../../domain/sale.js';

/** Port: sales. `save` also writes the sale's pulled domain events to the outbox, in the same transaction. */
export abstract class SaleRepository {
  /** With `lock`, the row is locked until the transaction ends (two refunds of one sale cannot both pass). */
  abstract byId(id: string, options?: { lock?: boolean }): Promise<Sale | null>;
  abstract save(sale: Sale): Promise<void>;
}
