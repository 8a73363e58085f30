import { Module } from '@nestjs/common';
import { RecordSaleHandler } from './application/commands/record-sale/record-sale.handler.js';
import { RefundSaleHandler } from './application/commands/refund-sale/refund-sale.handler.js';
import { GetTipStatsHandler } from './application/queries/get-tip-stats/get-tip-stats.handler.js';
import { SaleRepository } from './application/ports/sale.repository.js';
import { SqlSaleRepository } from './infrastructure/sql-sale.repository.js';

/** Sales (tips and digital products) and refunds, which emit sale.paid / sale.refunded. */
@Module({
  providers: [RecordSaleHandler, RefundSaleHandler, GetTipStatsHandler, { provide: SaleRepository, useClass: SqlSaleRepository }],
})
export class CommerceModule {}
