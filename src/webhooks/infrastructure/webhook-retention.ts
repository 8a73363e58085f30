import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { sql } from '../../platform/database/query-builder.js';
import { inShardGroup } from '../../platform/database/shard-groups.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { deleteInBatches, rowsOf } from '../../platform/workers/batched-delete.js';
import { retentionCutoff, type RetentionTask } from '../../platform/workers/janitor.js';
import { EVENT_LIST_DAYS } from '../application/ports/envelope.ports.js';
import { deleteStreamEvents } from './delivery.statements.js';
import { useIndexPlans } from './sql-delivery.queue.js';
import { webhooks } from './webhooks.tables.js';

const BATCH = 5_000;

/**
 * Delivery logs are kept WEBHOOK_DELIVERY_RETENTION_DAYS (at least the 30-day replay window) after they end:
 * finished deliveries (SUCCEEDED or FAILED) whose last event is older go with their event streams. Envelopes are the
 * events `GET /v1/events` lists for 30 days (EVENT_LIST_DAYS, docs/adr/0065): one no delivery refers to goes once
 * it was published more than 30 days ago, whether it never had a delivery or its last one just went. Pending
 * deliveries are never deleted. Rows a dispatcher or a resend holds are skipped (SKIP LOCKED) and deleted at a later
 * sweep. A batch's events are deleted after its deliveries, in the same
 * transaction (no foreign key cascades to them, docs/adr/0057): by then the deliveries are gone, so no append can
 * add an event to them, and the second statement sees every event appended before.
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
    const listed = retentionCutoff(this.clock, EVENT_LIST_DAYS);
    const deliveries = await deleteInBatches(
      this.db,
      (limit, group) =>
        webhooks
          .deleteFrom('webhook_deliveries')
          .where(inShardGroup(group))
          .where(({ selectFrom }) =>
            rowsOf(
              selectFrom('webhook_deliveries as d')
                .select(sql`ctid`.as('ctid'))
                .where(inShardGroup(group, 'd.workspace_id'))
                .where('d.status', '<>', sql.lit('PENDING'))
                // A delivery ends after it is created: the BRIN index on created_at narrows the scan.
                .where('d.created_at', '<', cutoff)
                // Ended before the cutoff: no event of its stream since then moved it (a redaction comes after the
                // end and moves nothing). One probe of the stream's primary key.
                .where((inner) =>
                  inner.not(
                    inner.exists(
                      inner
                        .selectFrom('webhook_delivery_events as e')
                        .select('e.version')
                        // The group again: a cluster routes a locking statement only when every table names it.
                        .where(inShardGroup(group, 'e.workspace_id'))
                        .whereRef('e.workspace_id', '=', 'd.workspace_id')
                        .whereRef('e.delivery_id', '=', 'd.id')
                        .where('e.type', '<>', sql.lit('PayloadRedacted'))
                        .where(sql<Date>`(e.data->>'at')::timestamptz`, '>=', cutoff),
                    ),
                  ),
                )
                .limit(limit)
                .forUpdate()
                .skipLocked(),
            ),
          )
          .returning(['workspace_id', 'id']),
      BATCH,
      {
        after: async (gone, group) => {
          // By the event store's primary key, stream by stream, whatever plan a small table once cached (useIndexPlans).
          await useIndexPlans(this.db);
          await this.db.all(deleteStreamEvents(gone, group));
        },
      },
    );
    const envelopes = await deleteInBatches(
      this.db,
      (limit, group) =>
        webhooks
          .deleteFrom('webhook_messages')
          .where(inShardGroup(group))
          .where((eb) =>
            eb(
              eb.refTuple('workspace_id', 'event_id'),
              'in',
              eb
                .selectFrom('webhook_messages as m')
                .select(['m.workspace_id', 'm.event_id'])
                .where(inShardGroup(group, 'm.workspace_id'))
                // Out of the events' list: published before the cutoff. Created before it too (created precedes
                // published), which the BRIN index on created_at narrows the scan with.
                .where('m.created_at', '<', listed)
                .where('m.published_at', '<', listed)
                // No delivery refers to it: one probe of `webhook_deliveries_once` per envelope, as a subquery with a
                // LIMIT, which the planner keeps as one (a NOT EXISTS became an anti-join that, on statistics taken
                // before the deliveries' retention, hashed every delivery for every batch: 250 ms a batch at 200,000).
                .where((inner) =>
                  inner(
                    inner
                      .selectFrom('webhook_deliveries as d')
                      .select(sql.lit(1).as('one'))
                      .where(inShardGroup(group, 'd.workspace_id'))
                      .whereRef('d.workspace_id', '=', 'm.workspace_id')
                      .whereRef('d.event_id', '=', 'm.event_id')
                      .where('d.event_id', 'is not', null) // the partial index's predicate, spelled out
                      .limit(1),
                    'is',
                    null,
                  ),
                )
                .limit(limit)
                .forUpdate()
                .skipLocked()
                .$asTuple('workspace_id', 'event_id'),
            ),
          )
          .returning('event_id'),
      BATCH,
      { before: () => useIndexPlans(this.db) },
    );
    return deliveries + envelopes;
  }
}
