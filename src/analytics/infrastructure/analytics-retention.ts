import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { deleteInBatches, retentionCutoff, type RetentionTask } from '../../platform/workers/janitor.js';
import { analytics } from './analytics.tables.js';

const BATCH = 10_000;

/**
 * Raw view/click facts are kept ANALYTICS_FACT_RETENTION_DAYS (at least 90, the longest summary range).
 * The summary reads the daily rollups, which are kept, so deleting facts changes no figure.
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
    return deleteInBatches(
      this.db,
      (limit) =>
        analytics
          .deleteFrom('analytics_facts')
          .where('id', 'in', (eb) =>
            eb.selectFrom('analytics_facts').select('id').where('occurred_at', '<', cutoff).limit(limit).forUpdate().skipLocked(),
          )
          .returning('id'),
      BATCH,
    );
  }
}
