/** The analytics context's public entry: what other contexts, the site and tests may use. Everything else is private. */
export { FlushVisitsCommand } from './application/commands/flush-visits/flush-visits.command.js';
export { RecordClickCommand } from './application/commands/record-click/record-click.command.js';
export { RecordViewCommand } from './application/commands/record-view/record-view.command.js';
export type { Visit } from './application/commands/recorded-visit.js';
export type { ViewRequest } from './domain/view-counting.js';
export { GetAnalyticsSummaryQuery } from './application/queries/get-analytics-summary/get-analytics-summary.query.js';
export type { AnalyticsSummaryView } from './application/queries/get-analytics-summary/get-analytics-summary.view.js';
export { ANALYTICS_EXAMPLES } from './interface/http/openapi-examples.js';
