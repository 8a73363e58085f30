import { Query } from '@nestjs/cqrs';
import type { RangeDays } from '../../../domain/analytics.js';
import type { AnalyticsSummaryView } from './get-analytics-summary.view.js';

export class GetAnalyticsSummaryQuery extends Query<AnalyticsSummaryView> {
  constructor(
    readonly workspaceId: string,
    readonly rangeDays: RangeDays,
  ) {
    super();
  }
}
