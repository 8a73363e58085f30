import { Command } from '@nestjs/cqrs';
import type { SaleRecordView } from '../../sale.views.js';

export class RefundSaleCommand extends Command<SaleRecordView> {
  constructor(readonly saleId: string) {
    super();
  }
}
