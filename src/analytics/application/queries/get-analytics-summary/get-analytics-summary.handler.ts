import type { Expression } from 'kysely';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetTipStatsQuery } from '../../../../commerce/index.js';
import { GetPageTitlesQuery } from '../../../../pages/index.js';
import { sql } from '../../../../platform/database/query-builder.js';
import { Sql } from '../../../../platform/database/sql.js';
import { Clock } from '../../../../platform/time/clock.js';
import { ctrPercent, rangeStartDay } from '../../../domain/analytics.js';
import { analytics } from '../../../infrastructure/analytics.tables.js';
import { GetAnalyticsSummaryQuery } from './get-analytics-summary.query.js';
import type { AnalyticsSummaryView } from './get-analytics-summary.view.js';

const TOP = 10;

/**
 * Reads the daily rollups (never the raw facts), so the cost grows with days × links, not with traffic. It only reads:
 * the API writes this process's buffered visits first (FlushVisitsCommand, in the controller).
 * Unique visitors are summed per day: the daily salt makes the same person a new visitor on a new day.
 * The top links' page titles come from the pages context (GetPageTitlesQuery); a page that is gone has ''.
 * Tips come from commerce (GetTipStatsQuery): TIP sales created in the range; `currency` is the one most of them use (usd when none).
 */
@QueryHandler(GetAnalyticsSummaryQuery)
export class GetAnalyticsSummaryHandler implements IQueryHandler<GetAnalyticsSummaryQuery, AnalyticsSummaryView> {
  constructor(
    private readonly db: Sql,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute(q: GetAnalyticsSummaryQuery): Promise<AnalyticsSummaryView> {
    const from = rangeStartDay(this.clock.now(), q.rangeDays);
    const since = sql<string>`${from}::date`;
    const [totals, links, referrers, tips] = await Promise.all([
      this.db.one(
        analytics
          .selectFrom('analytics_daily_totals')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<string>('views'), eb.lit(0)).as('views'),
            eb.fn.coalesce(eb.fn.sum<string>('clicks'), eb.lit(0)).as('clicks'),
            eb.fn.coalesce(eb.fn.sum<string>('unique_visitors'), eb.lit(0)).as('unique_visitors'),
          ])
          .where('workspace_id', '=', q.workspaceId)
          .where('day', '>=', since),
      ),
      this.topLinks(q.workspaceId, since),
      this.db.all(
        analytics
          .selectFrom('analytics_daily_referrers')
          .select((eb) => ['referrer as label', eb.fn.sum<string>('views').as('views')])
          .where('workspace_id', '=', q.workspaceId)
          .where('day', '>=', since)
          .groupBy('referrer')
          .orderBy((eb) => eb.fn.sum('views'), 'desc')
          .orderBy('referrer')
          .limit(sql.lit(TOP)),
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
  private async topLinks(workspaceId: string, since: Expression<string>): Promise<AnalyticsSummaryView['top_links']> {
    const links = await this.db.all(
      analytics
        .selectFrom((qb) =>
          qb
            .selectFrom('analytics_daily_links')
            .select((eb) => [
              'block_id',
              'page_id',
              eb.fn.sum<string>('clicks').as('clicks'),
              sql<string>`(${eb.fn.agg<string[]>('array_agg', ['label']).orderBy('day', 'desc')})[1]`.as('label'),
              sql<string>`(${eb.fn.agg<string[]>('array_agg', ['url']).orderBy('day', 'desc')})[1]`.as('url'),
            ])
            .where('workspace_id', '=', workspaceId)
            .where('day', '>=', since)
            .groupBy(['block_id', 'page_id'])
            .as('l'),
        )
        .select(['l.label', 'l.url', 'l.clicks', 'l.page_id'])
        .orderBy('l.clicks', 'desc')
        .orderBy('l.label')
        .orderBy('l.block_id')
        .limit(sql.lit(TOP)),
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
