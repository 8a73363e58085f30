import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../platform/domain/domain-error.js';
import { Transactional } from '../../platform/cqrs/transactional.js';
import { Clock } from '../../platform/time/clock.js';
import { IdGenerator } from '../../platform/time/ids.js';
import { WorkspaceRepository } from '../../access/application/ports/access.repositories.js';
import { Sale, type SaleState } from '../domain/sale.js';

export abstract class SaleRepository {
  abstract byId(id: string): Promise<Sale | null>;
  abstract save(sale: Sale): Promise<void>;
}

export interface SaleView {
  id: string;
  kind: string;
  gross_amount_cents: number;
  net_amount_cents: number;
  currency: string;
  customer_email: string;
  created_at: string;
}

/** The sale object of `sale.paid` / `sale.refunded` (contract fields only). */
export const saleView = (s: SaleState): SaleView => ({
  id: s.id,
  kind: s.kind,
  gross_amount_cents: s.grossAmountCents,
  net_amount_cents: s.netAmountCents,
  currency: s.currency,
  customer_email: s.customerEmail,
  created_at: s.createdAt.toISOString(),
});

/** The operator's view adds the refund instant. */
export type SaleRecordView = SaleView & { refunded_at: string | null };
const recordView = (s: SaleState): SaleRecordView => ({ ...saleView(s), refunded_at: s.refundedAt?.toISOString() ?? null });

export class RecordSaleCommand extends Command<SaleRecordView> {
  constructor(
    readonly workspaceId: string,
    readonly kind: string,
    readonly grossAmountCents: number,
    readonly netAmountCents: number | undefined,
    readonly currency: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}

@CommandHandler(RecordSaleCommand)
@Transactional()
export class RecordSaleHandler implements ICommandHandler<RecordSaleCommand, SaleRecordView> {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly sales: SaleRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RecordSaleCommand): Promise<SaleRecordView> {
    if (!(await this.workspaces.byId(cmd.workspaceId))) throw new NotFoundError('workspace');
    const now = this.clock.now();
    const { sale } = Sale.record({ ...cmd, id: this.ids.next('sale'), now });
    await this.sales.save(sale);
    return recordView(sale.state);
  }
}

export class RefundSaleCommand extends Command<SaleRecordView> {
  constructor(readonly saleId: string) {
    super();
  }
}

@CommandHandler(RefundSaleCommand)
@Transactional()
export class RefundSaleHandler implements ICommandHandler<RefundSaleCommand, SaleRecordView> {
  constructor(
    private readonly sales: SaleRepository,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RefundSaleCommand): Promise<SaleRecordView> {
    const sale = await this.sales.byId(cmd.saleId);
    if (!sale) throw new NotFoundError('sale');
    sale.refund(this.clock.now());
    await this.sales.save(sale);
    return recordView(sale.state);
  }
}
