import { Command } from '@nestjs/cqrs';
import type { SaleRecordView } from '../../sale.views.js';

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
