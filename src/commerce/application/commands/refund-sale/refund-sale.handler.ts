import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { SaleRepository } from '../../ports/sale.repository.js';
import { saleRecordView, type SaleRecordView } from '../../sale.views.js';
import { RefundSaleCommand } from './refund-sale.command.js';

/** Refunds a sale once; the repository writes its outbox row (application/integration-events.ts) in the same transaction. */
@CommandHandler(RefundSaleCommand)
@Transactional()
export class RefundSaleHandler implements ICommandHandler<RefundSaleCommand, SaleRecordView> {
  constructor(
    private readonly sales: SaleRepository,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RefundSaleCommand): Promise<SaleRecordView> {
    const workspaceId = cmd.workspaceId ?? (await this.sales.workspaceOf(cmd.saleId));
    const sale = workspaceId === null ? null : await this.sales.byId(workspaceId, cmd.saleId, { lock: true });
    if (!sale) throw new NotFoundError('sale');
    sale.refund(this.clock.now());
    await this.sales.save(sale);
    return saleRecordView(sale.state);
  }
}
