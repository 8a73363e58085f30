import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { dayOf } from '../domain/analytics.js';
import { AnalyticsStore, type VisitFact } from '../application/ports/analytics.ports.js';

/**
 * Appends the raw fact and bumps the day's rollups, in the transaction of the handler that records the visit
 * (`@Transactional()`). A visitor counts once per day: the daily visitor set decides whether the unique count
 * moves. Upserts make concurrent visits safe.
 */
@Injectable()
export class SqlAnalyticsStore extends AnalyticsStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async record(f: VisitFact): Promise<void> {
    if (!this.sql.inTransaction())
      throw new Error('AnalyticsStore.record must run inside the transaction of the command that records the visit');
    const day = dayOf(f.at);
    await this.sql.all(
      `INSERT INTO analytics_facts (workspace_id, page_id, block_id, kind, referrer, visitor_hash, occurred_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [f.workspaceId, f.pageId, f.link?.blockId ?? null, f.kind, f.referrer, f.visitorHash, f.at],
    );
    const fresh = await this.sql.all(
      `INSERT INTO analytics_daily_visitors (workspace_id, day, visitor_hash) VALUES (?, ?::date, ?) ON CONFLICT DO NOTHING RETURNING 1`,
      [f.workspaceId, day, f.visitorHash],
    );
    const view = f.kind === 'VIEW' ? 1 : 0;
    await this.sql.all(
      `INSERT INTO analytics_daily_totals (workspace_id, day, views, clicks, unique_visitors) VALUES (?, ?::date, ?, ?, ?)
       ON CONFLICT (workspace_id, day) DO UPDATE SET views = analytics_daily_totals.views + excluded.views,
              clicks = analytics_daily_totals.clicks + excluded.clicks,
              unique_visitors = analytics_daily_totals.unique_visitors + excluded.unique_visitors`,
      [f.workspaceId, day, view, 1 - view, fresh.length],
    );
    if (f.kind === 'VIEW') {
      await this.sql.all(
        `INSERT INTO analytics_daily_referrers (workspace_id, day, referrer, views) VALUES (?, ?::date, ?, 1)
         ON CONFLICT (workspace_id, day, referrer) DO UPDATE SET views = analytics_daily_referrers.views + 1`,
        [f.workspaceId, day, f.referrer],
      );
    } else if (f.link) {
      await this.sql.all(
        `INSERT INTO analytics_daily_links (workspace_id, day, block_id, page_id, label, url, clicks) VALUES (?, ?::date, ?, ?, ?, ?, 1)
         ON CONFLICT (workspace_id, day, block_id)
         DO UPDATE SET clicks = analytics_daily_links.clicks + 1, label = excluded.label, url = excluded.url`,
        [f.workspaceId, day, f.link.blockId, f.pageId, f.link.label, f.link.url],
      );
    }
  }
}
