import { Query } from '@nestjs/cqrs';

/** Tips of a workspace since an instant, as the analytics summary reports them. */
export interface TipStatsView {
  count: number;
  total_gross_cents: number;
  refunded_count: number;
  unique_fans: number;
  /** the currency most of the tips use; null when there are none */
  currency: string | null;
}

export class GetTipStatsQuery extends Query<TipStatsView> {
  constructor(
    readonly workspaceId: string,
    readonly since: Date,
  ) {
    super();
  }
}
