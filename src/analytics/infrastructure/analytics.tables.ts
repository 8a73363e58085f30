import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';

/**
 * The analytics context's tables (docs/adr/0027): raw view and click facts, and the daily rollups the
 * summary reads. Days are `date` columns, written and read as `YYYY-MM-DD` text.
 */
export const AnalyticsFactTable = defineEntity({
  name: 'AnalyticsFact',
  tableName: 'analytics_facts',
  properties: {
    workspace: workspaceReference('analytics_facts').primary(),
    id: p.bigint('string').primary().autoincrement(),
    pageId: p.text(),
    blockId: p.text().nullable(),
    kind: p.text().$type<'VIEW' | 'CLICK'>(),
    referrer: p.text(),
    visitorHash: p.text(),
    occurredAt: p.datetime(3),
  },
  checks: [{ name: 'analytics_facts_kind_check', expression: "kind IN ('VIEW', 'CLICK')" }],
  indexes: [
    { name: 'analytics_facts_workspace_idx', properties: ['workspace', 'occurredAt'] },
    { name: 'analytics_facts_occurred_idx', properties: ['occurredAt'], type: 'brin' },
  ],
});

export const AnalyticsDailyTotalsTable = defineEntity({
  name: 'AnalyticsDailyTotals',
  tableName: 'analytics_daily_totals',
  properties: {
    workspace: workspaceReference('analytics_daily_totals').primary(),
    day: p.date().primary(),
    views: p.bigint('string').defaultRaw('0'),
    clicks: p.bigint('string').defaultRaw('0'),
    uniqueVisitors: p.bigint('string').defaultRaw('0'),
  },
});

export const AnalyticsDailyVisitorsTable = defineEntity({
  name: 'AnalyticsDailyVisitors',
  tableName: 'analytics_daily_visitors',
  properties: {
    workspace: workspaceReference('analytics_daily_visitors').primary(),
    day: p.date().primary(),
    visitorHash: p.text().primary(),
  },
  indexes: [{ name: 'analytics_daily_visitors_day_idx', properties: ['day'] }],
});

export const AnalyticsDailyLinksTable = defineEntity({
  name: 'AnalyticsDailyLinks',
  tableName: 'analytics_daily_links',
  properties: {
    workspace: workspaceReference('analytics_daily_links').primary(),
    day: p.date().primary(),
    blockId: p.text().primary(),
    pageId: p.text(),
    label: p.text(),
    url: p.text(),
    clicks: p.bigint('string').defaultRaw('0'),
  },
});

export const AnalyticsDailyReferrersTable = defineEntity({
  name: 'AnalyticsDailyReferrers',
  tableName: 'analytics_daily_referrers',
  properties: {
    workspace: workspaceReference('analytics_daily_referrers').primary(),
    day: p.date().primary(),
    referrer: p.text().primary(),
    views: p.bigint('string').defaultRaw('0'),
  },
});

export const analyticsTables = [
  AnalyticsFactTable,
  AnalyticsDailyTotalsTable,
  AnalyticsDailyVisitorsTable,
  AnalyticsDailyLinksTable,
  AnalyticsDailyReferrersTable,
];
export type AnalyticsDb = InferKyselyDB<(typeof analyticsTables)[number]>;
export const analytics = queryBuilder<AnalyticsDb>();
