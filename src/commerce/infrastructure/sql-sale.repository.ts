import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { Sale, type SaleEvent } from '../domain/sale.js';
import { SaleRepository } from '../application/ports/sale.repository.js';
import { saleView } from '../application/sale.views.js';
import { commerce, type SaleRow } from './commerce.tables.js';

const toSale = (r: SaleRow): Sale =>
  Sale.restore({
    id: r.id,
    workspaceId: r.workspace_id,
    kind: r.kind,
    grossAmountCents: Number(r.gross_amount_cents),
    netAmountCents: Number(r.net_amount_cents),
    currency: r.currency,
    customerEmail: r.customer_email,
    createdAt: r.created_at,
    refundedAt: r.refunded_at,
  });

@Injectable()
export class SqlSaleRepository extends SaleRepository {
  constructor(
    private readonly sql: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  /** Locks the row when called inside a transaction, so two refunds of one sale cannot both pass. */
  async byId(id: string): Promise<Sale | null> {
    const lock = this.sql.inTransaction();
    const r = await this.sql.one(
      commerce
        .selectFrom('sales')
        .selectAll()
        .where('id', '=', id)
        .$if(lock, (qb) => qb.forUpdate()),
    );
    return r ? toSale(r) : null;
  }

  async save(sale: Sale): Promise<void> {
    const s = sale.state;
    await this.sql.all(
      commerce
        .insertInto('sales')
        .values({
          id: s.id,
          workspace_id: s.workspaceId,
          kind: s.kind,
          gross_amount_cents: String(s.grossAmountCents),
          net_amount_cents: String(s.netAmountCents),
          currency: s.currency,
          customer_email: s.customerEmail,
          created_at: s.createdAt,
          refunded_at: s.refundedAt,
        })
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ refunded_at: eb.ref('excluded.refunded_at') }))),
    );
    const at = (e: SaleEvent) => (e.type === 'sale.refunded' ? e.sale.refundedAt! : e.sale.createdAt);
    await this.outbox.append(
      sale.pullEvents().map((e) => ({ type: e.type, workspaceId: s.workspaceId, data: { sale: saleView(e.sale) }, occurredAt: at(e) })),
    );
  }
}
