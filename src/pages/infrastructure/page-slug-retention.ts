import { Injectable } from '@nestjs/common';
import { notify } from '../../platform/database/notify.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import type { RetentionTask } from '../../platform/workers/janitor.js';
import { LIVE_PAGES_CHANNEL, pages } from './pages.tables.js';

const BATCH = 1_000;

/**
 * Given-up slugs past their reservation (docs/adr/0042): they no longer redirect nor hold the slug (every read
 * compares `expires_at` with the clock), so their rows are only removed, in batches, to keep `page_slugs` small; each
 * batch names its slugs on the live-page channel, as any change of what a slug shows does.
 */
@Injectable()
export class PageSlugRetention implements RetentionTask {
  readonly name = 'expired slug redirects';

  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
  ) {}

  async purge(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (;;) {
      const gone = await this.db.all(
        pages
          .deleteFrom('page_slugs')
          .where('slug', 'in', (eb) =>
            eb.selectFrom('page_slugs').select('slug').where('expires_at', '<=', now).limit(BATCH).forUpdate().skipLocked(),
          )
          .returning('slug'),
      );
      await notify(
        this.db,
        LIVE_PAGES_CHANNEL,
        gone.map((r) => r.slug),
      );
      total += gone.length;
      if (gone.length < BATCH) return total;
    }
  }
}
