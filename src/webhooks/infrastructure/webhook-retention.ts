import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { sql, type Statement } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { retentionCutoff, type RetentionTask } from '../../platform/workers/janitor.js';
import { webhooks } from './webhooks.tables.js';

const BATCH = 5_000;

/**
 * Delivery logs are kept WEBHOOK_DELIVERY_RETENTION_DAYS (at least the 30-day replay window): older
 * finished deliveries (SUCCEEDED or FAILED) go with their event streams, then envelopes no delivery
 * refers to. Pending deliveries are never deleted. Rows a dispatcher or a resend holds are skipped
 * (SKIP LOCKED) and deleted at a later sweep.
 */
@Injectable()
export class WebhookRetention implements RetentionTask {
  readonly name = 'webhook deliveries and envelopes';

  constructor(
    private readonly db: Sql,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async purge(): Promise<number> {
    const cutoff = retentionCutoff(this.clock, this.config.retentionDays.webhookDeliveries);
    const deliveries = await this.deleteInBatches(
      webhooks
        .deleteFrom('webhook_deliveries')
        .where('id', 'in', (sub) =>
          sub
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('status', '<>', sql.lit('PENDING'))
            .where('created_at', '<', cutoff)
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returning(sql<number>`1`.as('deleted')),
    );
    const envelopes = await this.deleteInBatches(
      webhooks
        .deleteFrom('webhook_messages')
        .where('event_id', 'in', (sub) =>
          sub
            .selectFrom('webhook_messages as m')
            .select('m.event_id')
            .where('m.created_at', '<', cutoff)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('webhook_deliveries as d')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('d.event_id', '=', 'm.event_id'),
                ),
              ),
            )
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returning(sql<number>`1`.as('deleted')),
    );
    return deliveries + envelopes;
  }

  /**
   * Runs a `DELETE … RETURNING 1` of at most BATCH rows again and again until a round deletes fewer; returns the
   * total. Short statements keep locks short on big tables. (The janitor's `deleteInBatches` takes statement text.)
   */
  private async deleteInBatches(statement: Statement<unknown>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = (await this.db.all(statement)).length;
      total += n;
      if (n < BATCH) return total;
    }
  }
}
