import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { RecordSaleHandler, RefundSaleHandler, SaleRepository } from './application/sales.js';
import { SqlSaleRepository } from './infrastructure/sql-sale.repository.js';

/** Sales (tips and digital products) and refunds, which emit sale.paid / sale.refunded. */
@Module({
  imports: [AccessModule],
  providers: [RecordSaleHandler, RefundSaleHandler, { provide: SaleRepository, useClass: SqlSaleRepository }],
})
export class CommerceModule {}
