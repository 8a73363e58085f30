/** The commerce context's public entry: what the CLI and tests may use. */
export { RecordSaleCommand, RefundSaleCommand } from './application/sales.js';
export type { SaleRecordView, SaleView } from './application/sales.js';
