import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import { queryBuilder } from '../database/query-builder.js';

/** Monthly request quotas per workspace and period (docs/adr/0027). */
export const QuotaUsageTable = defineEntity({
  name: 'QuotaUsage',
  tableName: 'quota_usage',
  properties: {
    workspaceId: p.text().primary(),
    period: p.text().primary(),
    used: p.bigint('string').defaultRaw('0'),
  },
});

/** The burst limiter's fixed windows, one row per key (docs/adr/0020). */
export const RateLimitTable = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    workspaceId: p.text().primary(),
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    expire: p.bigint('string').nullable(),
  },
});

export const rateLimitTables = [QuotaUsageTable, RateLimitTable];
export type RateLimitDb = InferKyselyDB<(typeof rateLimitTables)[number]>;
/** The typed builder over both tables (quota usage and the fixed windows). */
export const rateLimits = queryBuilder<RateLimitDb>();
