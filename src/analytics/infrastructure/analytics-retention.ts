import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { sql } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { purgeInBatches } from '../../platform/workers/batched-delete.js';
import { retentionCutoff, type RetentionTask } from '../../platform/workers/janitor.js';

const BATCH = 10_000;

/**
 * Raw view/click facts are kept ANALYTICS_FACT_RETENTION_DAYS (at least 90, the longest summary range).
 * The summary reads the daily rollups, which are kept, so deleting facts changes no figure. Batches are found through
 * the BRIN index on `occurred_at` (docs/adr/0021, 0055).
 */
@Injectable()
export class AnalyticsRetention implements RetentionTask {
  readonly name = 'raw analytics facts';

  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  purge(): Promise<number> {
    const cutoff = retentionCutoff(this.clock, this.config.retentionDays.analyticsFacts);
    return purgeInBatches(this.db, 'analytics_facts', sql<boolean>`occurred_at < ${cutoff}`, BATCH);
  }
}
