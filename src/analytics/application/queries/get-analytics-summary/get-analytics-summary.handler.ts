import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetTipStatsQuery } from '../../../../commerce/index.js';
import { GetPageTitlesQuery } from '../../../../pages/index.js';
import { Sql } from '../../../../platform/database/sql.js';
import { Clock } from '../../../../platform/time/clock.js';
import { ctrPercent, rangeStartDay } from '../../../domain/analytics.js';
import { GetAnalyticsSummaryQuery } from './get-analytics-summary.query.js';
import type { AnalyticsSummaryView } from './get-analytics-summary.view.js';

const TOP = 10;

/**
 * Reads the daily rollups (never the raw facts), so the cost grows with days × links, not with traffic.
 * Unique visitors are summed per day: the daily salt makes the same person a new visitor on a new day.
 * The top links' page titles come from the pages context (GetPageTitlesQuery); a page that is gone has ''.
 * Tips come from commerce (GetTipStatsQuery): TIP sales created in the range; `currency` is the one most of them use (usd when none).
 */
@QueryHandler(GetAnalyticsSummaryQuery)
export class GetAnalyticsSummaryHandler implements IQueryHandler<GetAnalyticsSummaryQuery, AnalyticsSummaryView> {
  constructor(
    private readonly sql: Sql,
    private readonly queries: QueryBus,
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
      this.topLinks(q.workspaceId, args),
      this.sql.all<{ label: string; views: string }>(
        `SELECT referrer AS label, sum(views) AS views FROM analytics_daily_referrers WHERE workspace_id = ? AND day >= ?::date
          GROUP BY referrer ORDER BY sum(views) DESC, referrer LIMIT ${TOP}`,
        args,
      ),
      // Tips are commerce's: asked through its public query, from the range's first day at 00:00 UTC.
      this.queries.execute(new GetTipStatsQuery(q.workspaceId, new Date(`${from}T00:00:00.000Z`))),
    ]);
    const views = Number(totals?.views ?? 0);
    const clicks = Number(totals?.clicks ?? 0);
    return {
      range_days: q.rangeDays,
      totals: { views, clicks, unique_visitors: Number(totals?.unique_visitors ?? 0), ctr_percent: ctrPercent(views, clicks) },
      top_links: links,
      top_referrers: referrers.map((r) => ({ label: r.label, views: Number(r.views) })),
      tips: { ...tips, currency: tips.currency ?? 'usd' },
    };
  }

  /** The most clicked links of the range, with the label and target of their latest day, and their page's title. */
  private async topLinks(workspaceId: string, args: unknown[]): Promise<AnalyticsSummaryView['top_links']> {
    const links = await this.sql.all<{ label: string; url: string; clicks: string; page_id: string }>(
      `SELECT l.label, l.url, l.clicks, l.page_id
         FROM (SELECT block_id, page_id, sum(clicks) AS clicks,
                      (array_agg(label ORDER BY day DESC))[1] AS label, (array_agg(url ORDER BY day DESC))[1] AS url
                 FROM analytics_daily_links WHERE workspace_id = ? AND day >= ?::date
                GROUP BY block_id, page_id) l
        ORDER BY l.clicks DESC, l.label, l.block_id LIMIT ${TOP}`,
      args,
    );
    const titles = await this.queries.execute(
      new GetPageTitlesQuery(
        workspaceId,
        links.map((l) => l.page_id),
      ),
    );
    return links.map((l) => ({ label: l.label, url: l.url, clicks: Number(l.clicks), page_title: titles.get(l.page_id) ?? '' }));
  }
}
