import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { GetWorkspaceQuery } from '../../../../access/index.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { Sale } from '../../../domain/sale.js';
import { SaleRepository } from '../../ports/sale.repository.js';
import { saleRecordView, type SaleRecordView } from '../../sale.views.js';
import { RecordSaleCommand } from './record-sale.command.js';

/** Records a paid sale; the repository writes its outbox row (application/integration-events.ts) in the same transaction. */
@CommandHandler(RecordSaleCommand)
@Transactional()
export class RecordSaleHandler implements ICommandHandler<RecordSaleCommand, SaleRecordView> {
  constructor(
    private readonly queries: QueryBus,
    private readonly sales: SaleRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RecordSaleCommand): Promise<SaleRecordView> {
    if (!(await this.queries.execute(new GetWorkspaceQuery(cmd.workspaceId)))) throw new NotFoundError('workspace');
    const sale = Sale.record({ ...cmd, id: this.ids.next('sale'), now: this.clock.now() });
    await this.sales.save(sale);
    return saleRecordView(sale.state);
  }
}
