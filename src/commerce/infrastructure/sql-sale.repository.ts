import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { Sale, type SaleEvent, type SaleKind } from '../domain/sale.js';
import { SaleRepository } from '../application/ports/sale.repository.js';
import { saleView } from '../application/sale.views.js';

interface Row {
  id: string;
  workspace_id: string;
  kind: SaleKind;
  gross_amount_cents: string;
  net_amount_cents: string;
  currency: string;
  customer_email: string;
  created_at: Date;
  refunded_at: Date | null;
}

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
    const lock = this.sql.inTransaction() ? ' FOR UPDATE' : '';
    const r = await this.sql.one<Row>(
      `SELECT id, workspace_id, kind, gross_amount_cents, net_amount_cents, currency, customer_email, created_at, refunded_at
         FROM sales WHERE id = ?${lock}`,
      [id],
    );
    return r
      ? Sale.restore({
          id: r.id,
          workspaceId: r.workspace_id,
          kind: r.kind,
          grossAmountCents: Number(r.gross_amount_cents),
          netAmountCents: Number(r.net_amount_cents),
          currency: r.currency,
          customerEmail: r.customer_email,
          createdAt: new Date(r.created_at),
          refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
        })
      : null;
  }

  async save(sale: Sale): Promise<void> {
    const s = sale.state;
    await this.sql.all(
      `INSERT INTO sales (id, workspace_id, kind, gross_amount_cents, net_amount_cents, currency, customer_email, created_at, refunded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET refunded_at = EXCLUDED.refunded_at`,
      [s.id, s.workspaceId, s.kind, s.grossAmountCents, s.netAmountCents, s.currency, s.customerEmail, s.createdAt, s.refundedAt],
    );
    const at = (e: SaleEvent) => (e.type === 'sale.refunded' ? e.sale.refundedAt! : e.sale.createdAt);
    await this.outbox.append(
      sale.pullEvents().map((e) => ({ type: e.type, workspaceId: s.workspaceId, data: { sale: saleView(e.sale) }, occurredAt: at(e) })),
    );
  }
}
