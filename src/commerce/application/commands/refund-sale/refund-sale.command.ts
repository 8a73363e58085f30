import { Command } from '@nestjs/cqrs';
import type { SaleRecordView } from '../../sale.views.js';

/** Refunds a sale; `workspaceId` when the caller knows it (a sale of another workspace is then not found). */
export class RefundSaleCommand extends Command<SaleRecordView> {
  constructor(
    readonly saleId: string,
    readonly workspaceId?: string,
  ) {
    super();
  }
}
