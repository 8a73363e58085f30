/** The commerce context's public entry: what the CLI and tests may use. Everything else is private. */
export { RecordSaleCommand } from './application/commands/record-sale/record-sale.command.js';
export { RefundSaleCommand } from './application/commands/refund-sale/refund-sale.command.js';
export { GetTipStatsQuery } from './application/queries/get-tip-stats/get-tip-stats.query.js';
export type { TipStatsView } from './application/queries/get-tip-stats/get-tip-stats.query.js';
export type { SaleRecordView, SaleView } from './application/sale.views.js';
export { SALE_KINDS } from './domain/sale.js';
/** The events this context publishes, with their contracts (docs/adr/0041). */
export { COMMERCE_INTEGRATION_EVENTS, SALE_PAID, SALE_REFUNDED } from './application/integration-events.js';
