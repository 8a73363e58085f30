import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { ctrPercent, rangeStartDay, type RangeDays } from '../domain/analytics.js';

const TOP = 10;

export interface AnalyticsSummaryView {
  range_days: RangeDays;
  totals: { views: number; clicks: number; unique_visitors: number; ctr_percent: number };
  top_links: { label: string; url: string; clicks: number; page_title: string }[];
  top_referrers: { label: string; views: number }[];
  tips: { count: number; total_gross_cents: number; refunded_count: number; unique_fans: number; currency: string };
}

export class GetAnalyticsSummaryQuery extends Query<AnalyticsSummaryView> {
  constructor(
    readonly workspaceId: string,
    readonly rangeDays: RangeDays,
  ) {
    super();
  }
}

/**
 * Reads the daily rollups (never the raw facts), so the cost grows with days × links, not with traffic.
 * Unique visitors are summed per day: the daily salt makes the same person a new visitor on a new day.
 * Tips come from TIP sales created in the range; `currency` is the one most of them use (usd when none).
 */
@QueryHandler(GetAnalyticsSummaryQuery)
export class GetAnalyticsSummaryHandler implements IQueryHandler<GetAnalyticsSummaryQuery, AnalyticsSummaryView> {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  async execute(q: GetAnalyticsSummaryQuery): Promise<AnalyticsSummaryView> {
    const from = rangeStartDay(this.clock.now(), q.rangeDays);
    const args = [q.workspaceId, from];
    const [totals, links, referrers, tips] = await Promise.all([
      this.sql.one<{ views: string; clicks: string; unique_visitors: string }>(
        `SELECT coalesce(sum(views), 0) AS views, coalesce(sum(clicks), 0) AS clicks, coalesce(sum(unique_visitors), 0) AS unique_visitors
           FROM analytics_daily_totals WHERE workspace_id = ? AND day >= ?::date`,
        args,
      ),
      this.sql.all<{ label: string; url: string; clicks: string; page_title: string | null }>(
        `SELECT l.label, l.url, l.clicks, p.title AS page_title
           FROM (SELECT block_id, page_id, sum(clicks) AS clicks,
                        (array_agg(label ORDER BY day DESC))[1] AS label, (array_agg(url ORDER BY day DESC))[1] AS url
                   FROM analytics_daily_links WHERE workspace_id = ? AND day >= ?::date
                  GROUP BY block_id, page_id) l
           LEFT JOIN pages p ON p.id = l.page_id
          ORDER BY l.clicks DESC, l.label, l.block_id LIMIT ${TOP}`,
        args,
      ),
      this.sql.all<{ label: string; views: string }>(
        `SELECT referrer AS label, sum(views) AS views FROM analytics_daily_referrers WHERE workspace_id = ? AND day >= ?::date
          GROUP BY referrer ORDER BY sum(views) DESC, referrer LIMIT ${TOP}`,
        args,
      ),
      this.sql.one<{ count: string; total: string; refunded: string; fans: string; currency: string | null }>(
        `SELECT count(*) AS count, coalesce(sum(gross_amount_cents), 0) AS total, count(refunded_at) AS refunded,
                count(DISTINCT lower(customer_email)) AS fans, mode() WITHIN GROUP (ORDER BY currency) AS currency
           FROM sales WHERE workspace_id = ? AND kind = 'TIP' AND created_at >= (?::date)::timestamp AT TIME ZONE 'UTC'`,
        args,
      ),
    ]);
    const views = Number(totals?.views ?? 0);
    const clicks = Number(totals?.clicks ?? 0);
    return {
      range_days: q.rangeDays,
      totals: { views, clicks, unique_visitors: Number(totals?.unique_visitors ?? 0), ctr_percent: ctrPercent(views, clicks) },
      top_links: links.map((l) => ({ label: l.label, url: l.url, clicks: Number(l.clicks), page_title: l.page_title ?? '' })),
      top_referrers: referrers.map((r) => ({ label: r.label, views: Number(r.views) })),
      tips: {
        count: Number(tips?.count ?? 0),
        total_gross_cents: Number(tips?.total ?? 0),
        refunded_count: Number(tips?.refunded ?? 0),
        unique_fans: Number(tips?.fans ?? 0),
        currency: tips?.currency ?? 'usd',
      },
    };
  }
}
