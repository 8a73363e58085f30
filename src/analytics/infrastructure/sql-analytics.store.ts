import { Injectable } from '@nestjs/common';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { dayOf } from '../domain/analytics.js';
import { AnalyticsStore, type VisitFact } from '../application/ports/analytics.ports.js';
import { analytics } from './analytics.tables.js';

// The statements of every recorded visit (the live site's path), compiled once (docs/adr/0027).
const insertFact = prepared(
  (
    p: Slots<{
      workspaceId: string;
      pageId: string;
      blockId: string | null;
      kind: VisitFact['kind'];
      referrer: string;
      visitorHash: string;
      at: Date;
    }>,
  ) =>
    analytics.insertInto('analytics_facts').values({
      workspace_id: p.workspaceId,
      page_id: p.pageId,
      block_id: p.blockId,
      kind: p.kind,
      referrer: p.referrer,
      visitor_hash: p.visitorHash,
      occurred_at: p.at,
    }),
);

/** Returns a row when the visitor is new for the day. */
const addDailyVisitor = prepared((p: Slots<{ workspaceId: string; day: string; visitorHash: string }>) =>
  analytics
    .insertInto('analytics_daily_visitors')
    .values({ workspace_id: p.workspaceId, day: sql<string>`${p.day}::date`, visitor_hash: p.visitorHash })
    .onConflict((oc) => oc.doNothing())
    .returning(sql<number>`1`.as('fresh')),
);

const addDailyTotals = prepared((p: Slots<{ workspaceId: string; day: string; views: string; clicks: string; uniqueVisitors: string }>) =>
  analytics
    .insertInto('analytics_daily_totals')
    .values({
      workspace_id: p.workspaceId,
      day: sql<string>`${p.day}::date`,
      views: p.views,
      clicks: p.clicks,
      unique_visitors: p.uniqueVisitors,
    })
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'day']).doUpdateSet((eb) => ({
        views: eb('analytics_daily_totals.views', '+', eb.ref('excluded.views')),
        clicks: eb('analytics_daily_totals.clicks', '+', eb.ref('excluded.clicks')),
        unique_visitors: eb('analytics_daily_totals.unique_visitors', '+', eb.ref('excluded.unique_visitors')),
      })),
    ),
);

const addDailyReferrerView = prepared((p: Slots<{ workspaceId: string; day: string; referrer: string }>) =>
  analytics
    .insertInto('analytics_daily_referrers')
    .values({ workspace_id: p.workspaceId, day: sql<string>`${p.day}::date`, referrer: p.referrer, views: sql<string>`1` })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'day', 'referrer'])
        .doUpdateSet((eb) => ({ views: sql<string>`${eb.ref('analytics_daily_referrers.views')} + 1` })),
    ),
);

const addDailyLinkClick = prepared(
  (p: Slots<{ workspaceId: string; day: string; blockId: string; pageId: string; label: string; url: string }>) =>
    analytics
      .insertInto('analytics_daily_links')
      .values({
        workspace_id: p.workspaceId,
        day: sql<string>`${p.day}::date`,
        block_id: p.blockId,
        page_id: p.pageId,
        label: p.label,
        url: p.url,
        clicks: sql<string>`1`,
      })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'day', 'block_id']).doUpdateSet((eb) => ({
          clicks: sql<string>`${eb.ref('analytics_daily_links.clicks')} + 1`,
          label: eb.ref('excluded.label'),
          url: eb.ref('excluded.url'),
        })),
      ),
);

/**
 * Appends the raw fact and bumps the day's rollups, in the transaction of the handler that records the visit
 * (`@Transactional()`). A visitor counts once per day: the daily visitor set decides whether the unique count
 * moves. Upserts make concurrent visits safe.
 */
@Injectable()
export class SqlAnalyticsStore extends AnalyticsStore {
  constructor(private readonly db: Sql) {
    super();
  }

  async record(f: VisitFact): Promise<void> {
    if (!this.db.inTransaction())
      throw new Error('AnalyticsStore.record must run inside the transaction of the command that records the visit');
    const day = dayOf(f.at);
    const { workspaceId, pageId } = f;
    await this.db.all(
      insertFact({
        workspaceId,
        pageId,
        blockId: f.link?.blockId ?? null,
        kind: f.kind,
        referrer: f.referrer,
        visitorHash: f.visitorHash,
        at: f.at,
      }),
    );
    const fresh = await this.db.all(addDailyVisitor({ workspaceId, day, visitorHash: f.visitorHash }));
    const view = f.kind === 'VIEW' ? 1 : 0;
    await this.db.all(
      addDailyTotals({ workspaceId, day, views: String(view), clicks: String(1 - view), uniqueVisitors: String(fresh.length) }),
    );
    if (f.kind === 'VIEW') {
      await this.db.all(addDailyReferrerView({ workspaceId, day, referrer: f.referrer }));
    } else if (f.link) {
      await this.db.all(addDailyLinkClick({ workspaceId, day, blockId: f.link.blockId, pageId, label: f.link.label, url: f.link.url }));
    }
  }
}
