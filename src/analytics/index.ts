/** The analytics context's public entry: what other contexts and tests may use. */
export { GetAnalyticsSummaryQuery } from './application/summary.js';
export type { AnalyticsSummaryView } from './application/summary.js';
