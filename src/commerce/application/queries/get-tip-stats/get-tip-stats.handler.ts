import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { GetTipStatsQuery, type TipStatsView } from './get-tip-stats.query.js';

/** TIP sales created since the instant: count, gross, refunded, distinct fans, and the most used currency. */
@QueryHandler(GetTipStatsQuery)
export class GetTipStatsHandler implements IQueryHandler<GetTipStatsQuery, TipStatsView> {
  constructor(private readonly sql: Sql) {}

  async execute(q: GetTipStatsQuery): Promise<TipStatsView> {
    const row = await this.sql.one<{ count: string; total: string; refunded: string; fans: string; currency: string | null }>(
      `SELECT count(*) AS count, coalesce(sum(gross_amount_cents), 0) AS total, count(refunded_at) AS refunded,
              count(DISTINCT lower(customer_email)) AS fans, mode() WITHIN GROUP (ORDER BY currency) AS currency
         FROM sales WHERE workspace_id = ? AND kind = 'TIP' AND created_at >= ?`,
      [q.workspaceId, q.since],
    );
    return {
      count: Number(row?.count ?? 0),
      total_gross_cents: Number(row?.total ?? 0),
      refunded_count: Number(row?.refunded ?? 0),
      unique_fans: Number(row?.fans ?? 0),
      currency: row?.currency ?? null,
    };
  }
}
