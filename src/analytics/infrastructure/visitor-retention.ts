import { Injectable } from '@nestjs/common';
import { sql } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { purgeInBatches } from '../../platform/workers/batched-delete.js';
import type { RetentionTask } from '../../platform/workers/janitor.js';
import { RANGE_DAYS } from '../domain/analytics.js';

const BATCH = 10_000;
/** The longest summary range: the days a daily visitor set may still be needed for (today included). */
export const VISITOR_HASH_DAYS = Math.max(...RANGE_DAYS);

/**
 * The daily visitor sets (daily-salted hashes, which only deduplicate a day's visitors into its rollup) are kept for
 * the last VISITOR_HASH_DAYS UTC days, today included, and no longer (docs/adr/0055). Older days go in batches
 * found through `analytics_daily_visitors_day_idx`; the rollups keep their unique counts.
 */
@Injectable()
export class VisitorHashRetention implements RetentionTask {
  readonly name = 'daily visitor hashes';

  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
  ) {}

  purge(): Promise<number> {
    const firstKept = new Date(this.clock.now().getTime() - (VISITOR_HASH_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    return purgeInBatches(this.db, 'analytics_daily_visitors', sql<boolean>`day < ${firstKept}::date`, BATCH);
  }
}
