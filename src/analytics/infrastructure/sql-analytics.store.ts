import { Injectable } from '@nestjs/common';
import { slotColumns, unnest } from '../../platform/database/array-parameters.js';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { rollUp, withUniqueVisitors } from '../domain/visit-batch.js';
import { AnalyticsStore } from '../application/ports/analytics.ports.js';
import type { RecordedVisit } from '../domain/visit-batch.js';
import { analytics } from './analytics.tables.js';

// One statement per table for a whole batch: parallel arrays, one bound parameter per column, so the text
// (and the prepared statement) is the same whatever the batch's size (docs/adr/0029). Compiled once.

const FACT_COLUMNS = {
  workspace_id: 'text',
  page_id: 'text',
  block_id: 'text',
  kind: 'text',
  referrer: 'text',
  visitor_hash: 'text',
  occurred_at: 'timestamptz',
} as const;
const insertFacts = prepared(
  (
    p: Slots<{
      workspace_id: string[];
      page_id: string[];
      block_id: (string | null)[];
      kind: RecordedVisit['kind'][];
      referrer: string[];
      visitor_hash: string[];
      occurred_at: Date[];
    }>,
  ) =>
    analytics
      .insertInto('analytics_facts')
      .columns(['workspace_id', 'page_id', 'block_id', 'kind', 'referrer', 'visitor_hash', 'occurred_at'])
      .expression((sub) =>
        sub
          .selectFrom(unnest('f', slotColumns(FACT_COLUMNS, p)))
          .select(['f.workspace_id', 'f.page_id', 'f.block_id', 'f.kind', 'f.referrer', 'f.visitor_hash', 'f.occurred_at']),
      ),
);

/** Returns the visitors that were new to their day's set: only they move the unique count. */
const addDailyVisitors = prepared((p: Slots<{ workspace_id: string[]; day: string[]; visitor_hash: string[] }>) =>
  analytics
    .insertInto('analytics_daily_visitors')
    .columns(['workspace_id', 'day', 'visitor_hash'])
    .expression((sub) =>
      sub
        .selectFrom(unnest('v', slotColumns({ workspace_id: 'text', day: 'date', visitor_hash: 'text' } as const, p)))
        .select(['v.workspace_id', 'v.day', 'v.visitor_hash']),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['workspace_id', sql<string>`day::text`.as('day')]),
);

const addDailyTotals = prepared(
  (p: Slots<{ workspace_id: string[]; day: string[]; views: string[]; clicks: string[]; unique_visitors: string[] }>) =>
    analytics
      .insertInto('analytics_daily_totals')
      .columns(['workspace_id', 'day', 'views', 'clicks', 'unique_visitors'])
      .expression((sub) =>
        sub
          .selectFrom(
            unnest(
              't',
              slotColumns({ workspace_id: 'text', day: 'date', views: 'bigint', clicks: 'bigint', unique_visitors: 'bigint' } as const, p),
            ),
          )
          .select(['t.workspace_id', 't.day', 't.views', 't.clicks', 't.unique_visitors']),
      )
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'day']).doUpdateSet((eb) => ({
          views: eb('analytics_daily_totals.views', '+', eb.ref('excluded.views')),
          clicks: eb('analytics_daily_totals.clicks', '+', eb.ref('excluded.clicks')),
          unique_visitors: eb('analytics_daily_totals.unique_visitors', '+', eb.ref('excluded.unique_visitors')),
        })),
      ),
);

const addDailyReferrers = prepared((p: Slots<{ workspace_id: string[]; day: string[]; referrer: string[]; views: string[] }>) =>
  analytics
    .insertInto('analytics_daily_referrers')
    .columns(['workspace_id', 'day', 'referrer', 'views'])
    .expression((sub) =>
      sub
        .selectFrom(unnest('r', slotColumns({ workspace_id: 'text', day: 'date', referrer: 'text', views: 'bigint' } as const, p)))
        .select(['r.workspace_id', 'r.day', 'r.referrer', 'r.views']),
    )
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'day', 'referrer'])
        .doUpdateSet((eb) => ({ views: eb('analytics_daily_referrers.views', '+', eb.ref('excluded.views')) })),
    ),
);

const addDailyLinks = prepared(
  (
    p: Slots<{
      workspace_id: string[];
      day: string[];
      block_id: string[];
      page_id: string[];
      label: string[];
      url: string[];
      clicks: string[];
    }>,
  ) =>
    analytics
      .insertInto('analytics_daily_links')
      .columns(['workspace_id', 'day', 'block_id', 'page_id', 'label', 'url', 'clicks'])
      .expression((sub) =>
        sub
          .selectFrom(
            unnest(
              'l',
              slotColumns(
                {
                  workspace_id: 'text',
                  day: 'date',
                  block_id: 'text',
                  page_id: 'text',
                  label: 'text',
                  url: 'text',
                  clicks: 'bigint',
                } as const,
                p,
              ),
            ),
          )
          .select(['l.workspace_id', 'l.day', 'l.block_id', 'l.page_id', 'l.label', 'l.url', 'l.clicks']),
      )
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'day', 'block_id']).doUpdateSet((eb) => ({
          clicks: eb('analytics_daily_links.clicks', '+', eb.ref('excluded.clicks')),
          label: eb.ref('excluded.label'),
          url: eb.ref('excluded.url'),
        })),
      ),
);

/** Columns of `rows` as parallel arrays: `{ a: [row1.a, row2.a, …], … }`. */
function columns<R, C extends Record<string, unknown>>(rows: readonly R[], pick: (row: R) => C): { [K in keyof C]: C[K][] } {
  const out: Record<string, unknown[]> = {};
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(pick(row))) (out[k] ??= Array.from<unknown>({ length: rows.length }))[i] = v;
  });
  return out as { [K in keyof C]: C[K][] };
}

/**
 * Writes a batch of visits in one transaction of five statements, whatever its size: the raw facts, the daily
 * visitor sets (exact unique visitors: only visitors new to a day's set count), then one upsert per rollup
 * table with the batch's increments. The rollup rows are sorted by key (the domain's rollUp), so concurrent
 * writers (other processes) lock them in the same order and cannot deadlock.
 */
@Injectable()
export class SqlAnalyticsStore extends AnalyticsStore {
  constructor(private readonly db: Sql) {
    super();
  }

  async recordBatch(visits: readonly RecordedVisit[]): Promise<void> {
    if (visits.length === 0) return;
    const rollup = rollUp(visits);
    await this.db.transaction(async () => {
      await this.db.all(
        insertFacts(
          columns(visits, (f) => ({
            workspace_id: f.workspaceId,
            page_id: f.pageId,
            block_id: f.link?.blockId ?? null,
            kind: f.kind,
            referrer: f.referrer,
            visitor_hash: f.visitorHash,
            occurred_at: f.at,
          })),
        ),
      );
      const fresh = await this.db.all(
        addDailyVisitors(columns(rollup.visitors, (v) => ({ workspace_id: v.workspaceId, day: v.day, visitor_hash: v.visitorHash }))),
      );
      const totals = withUniqueVisitors(
        rollup.totals,
        fresh.map((f) => ({ workspaceId: f.workspace_id, day: f.day })),
      );
      await this.db.all(
        addDailyTotals(
          columns(totals, (t) => ({
            workspace_id: t.workspaceId,
            day: t.day,
            views: String(t.views),
            clicks: String(t.clicks),
            unique_visitors: String(t.uniqueVisitors),
          })),
        ),
      );
      if (rollup.referrers.length)
        await this.db.all(
          addDailyReferrers(
            columns(rollup.referrers, (r) => ({ workspace_id: r.workspaceId, day: r.day, referrer: r.referrer, views: String(r.views) })),
          ),
        );
      if (rollup.links.length)
        await this.db.all(
          addDailyLinks(
            columns(rollup.links, (l) => ({
              workspace_id: l.workspaceId,
              day: l.day,
              block_id: l.blockId,
              page_id: l.pageId,
              label: l.label,
              url: l.url,
              clicks: String(l.clicks),
            })),
          ),
        );
    });
  }
}
