import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { deleteInBatches, retentionCutoff, type RetentionTask } from '../../platform/workers/janitor.js';

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
    private readonly sql: Sql,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async purge(): Promise<number> {
    const cutoff = retentionCutoff(this.clock, this.config.retentionDays.webhookDeliveries);
    const deliveries = await deleteInBatches(
      this.sql,
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE status <> 'PENDING' AND created_at < ? LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING 1`,
      [cutoff],
      BATCH,
    );
    const envelopes = await deleteInBatches(
      this.sql,
      `DELETE FROM webhook_messages WHERE event_id IN (
         SELECT m.event_id FROM webhook_messages m
          WHERE m.created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = m.event_id)
          LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING 1`,
      [cutoff],
      BATCH,
    );
    return deliveries + envelopes;
  }
}
