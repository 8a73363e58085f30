import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery } from '../application/ports/dispatch.ports.js';
import { useIndexPlans } from './index-plans.js';
import { textArray, type List } from '../../platform/database/array-parameters.js';
import { webhooks } from './webhooks.tables.js';

/** `<> ALL(…)` of a list bound as one `text[]` parameter. */
const allOf = (ids: List<string>) => sql<string>`ALL(${textArray(ids)})`;

/** The claim and the next due time, compiled once (docs/adr/0027). */
const claim = prepared((p: Slots<{ leaseToken: string; now: Date; leaseSeconds: number; limit: number; excludeEndpoints: string[] }>) =>
  webhooks
    .updateTable('webhook_deliveries')
    .set({ lease_token: p.leaseToken, lease_until: sql<Date>`${p.now}::timestamptz + make_interval(secs => ${p.leaseSeconds})` })
    .where('id', 'in', (sub) =>
      sub
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', sql.lit('PENDING'))
        .where('next_attempt_at', '<=', p.now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', p.now)]))
        .where('endpoint_id', '<>', allOf(p.excludeEndpoints))
        .orderBy('next_attempt_at')
        .limit(p.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'endpoint_id', 'event_id', 'version']),
);
const nextDue = prepared((p: Slots<{ excludeEndpoints: string[] }>) =>
  webhooks
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('due'))
    .where('status', '=', sql.lit('PENDING'))
    .where('lease_until', 'is', null)
    .where('endpoint_id', '<>', allOf(p.excludeEndpoints)),
);

/** The claim: one statement locks the due rows (`FOR UPDATE SKIP LOCKED`) and writes a lease on them (docs/adr/0017, 0022). */
@Injectable()
export class SqlDeliveryQueue extends DeliveryQueue {
  constructor(private readonly db: Sql) {
    super();
  }

  async claimDue(c: { now: Date; limit: number; leaseSeconds: number; excludeEndpoints: readonly string[] }): Promise<ClaimedDelivery[]> {
    const rows = await this.db.all(
      claim({
        leaseToken: randomUUID(),
        now: c.now,
        leaseSeconds: c.leaseSeconds,
        limit: c.limit,
        excludeEndpoints: [...c.excludeEndpoints],
      }),
    );
    return rows.map((r) => ({ deliveryId: r.id, endpointId: r.endpoint_id, eventId: r.event_id, version: r.version }));
  }

  async nextDue(excludeEndpoints: readonly string[]): Promise<Date | null> {
    const row = await this.db.one(nextDue({ excludeEndpoints: [...excludeEndpoints] }));
    return row?.due ?? null;
  }
}

/** A transaction whose statements find rows through indexes (`useIndexPlans`), for the dispatcher's batch statements. */
@Injectable()
export class SqlBatchTransactions extends BatchTransactions {
  constructor(private readonly db: Sql) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      await useIndexPlans(this.db);
      return work();
    });
  }
}
