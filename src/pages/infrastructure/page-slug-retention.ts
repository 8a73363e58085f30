import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { deleteInBatches, type RetentionTask } from '../../platform/workers/janitor.js';
import { pages } from './pages.tables.js';

const BATCH = 1_000;

/**
 * Given-up slugs past their reservation (docs/adr/0042): they no longer redirect nor hold the slug (every read
 * compares `expires_at` with the clock), so their rows are only removed, in batches, to keep `page_slugs` small.
 */
@Injectable()
export class PageSlugRetention implements RetentionTask {
  readonly name = 'expired slug redirects';

  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
  ) {}

  purge(): Promise<number> {
    const now = this.clock.now();
    return deleteInBatches(
      this.db,
      (limit) =>
        pages
          .deleteFrom('page_slugs')
          .where('slug', 'in', (eb) =>
            eb.selectFrom('page_slugs').select('slug').where('expires_at', '<=', now).limit(limit).forUpdate().skipLocked(),
          )
          .returning('slug'),
      BATCH,
    );
  }
}
