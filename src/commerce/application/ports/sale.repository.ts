import type { Sale } from '../../domain/sale.js';

/** Port: sales. `save` also writes the sale's pulled domain events to the outbox, in the same transaction. */
export abstract class SaleRepository {
  /** Locks the row until the transaction ends, so two refunds of one sale cannot both pass. */
  abstract byId(id: string): Promise<Sale | null>;
  abstract save(sale: Sale): Promise<void>;
}
