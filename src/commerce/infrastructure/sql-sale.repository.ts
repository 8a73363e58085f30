import { Injectable } from '@nestjs/common';
import type { Slots } from '../../platform/database/query-builder.js';
import { lockable, type LockOption } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { Sale } from '../domain/sale.js';
import { saleOutboxEvent } from '../application/integration-events.js';
import { SaleRepository } from '../application/ports/sale.repository.js';
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

const saleById = lockable((p: Slots<{ workspaceId: string; id: string }>) =>
  commerce.selectFrom('sales').selectAll().where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

@Injectable()
export class SqlSaleRepository extends SaleRepository {
  constructor(
    private readonly db: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async byId(workspaceId: string, id: string, options: LockOption = {}): Promise<Sale | null> {
    const r = await this.db.one(saleById(this.db, { workspaceId, id }, options));
    return r ? toSale(r) : null;
  }

  async workspaceOf(id: string): Promise<string | null> {
    const r = await this.db.one(commerce.selectFrom('sales').select('workspace_id').where('id', '=', id));
    return r?.workspace_id ?? null;
  }

  async save(sale: Sale): Promise<void> {
    const s = sale.state;
    await this.db.all(
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
        .onConflict((oc) => oc.columns(['workspace_id', 'id']).doUpdateSet((eb) => ({ refunded_at: eb.ref('excluded.refunded_at') }))),
    );
    await this.outbox.append(sale.pullEvents().map(saleOutboxEvent));
  }
}
