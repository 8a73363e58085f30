import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Sql } from '../../platform/database/sql.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery } from '../application/ports/dispatch.ports.js';
import { useIndexPlans } from './index-plans.js';

/** The claim: one statement locks the due rows (`FOR UPDATE SKIP LOCKED`) and writes a lease on them (docs/adr/0017, 0022). */
@Injectable()
export class SqlDeliveryQueue extends DeliveryQueue {
  constructor(private readonly sql: Sql) {
    super();
  }

  async claimDue(c: { now: Date; limit: number; leaseSeconds: number; excludeEndpoints: readonly string[] }): Promise<ClaimedDelivery[]> {
    const rows = await this.sql.all<{ id: string; endpoint_id: string; event_id: string; version: number }>(
      `UPDATE webhook_deliveries SET lease_token = ?, lease_until = ?::timestamptz + make_interval(secs => ?)
        WHERE id IN (SELECT id FROM webhook_deliveries
                      WHERE status = 'PENDING' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
                        AND endpoint_id <> ALL(?::text[])
                      ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
        RETURNING id, endpoint_id, event_id, version`,
      [randomUUID(), c.now, c.leaseSeconds, c.now, c.now, c.excludeEndpoints, c.limit],
    );
    return rows.map((r) => ({ deliveryId: r.id, endpointId: r.endpoint_id, eventId: r.event_id, version: r.version }));
  }

  async nextDue(excludeEndpoints: readonly string[]): Promise<Date | null> {
    const row = await this.sql.one<{ due: Date | null }>(
      `SELECT min(next_attempt_at) AS due FROM webhook_deliveries
        WHERE status = 'PENDING' AND lease_until IS NULL AND endpoint_id <> ALL(?::text[])`,
      [excludeEndpoints],
    );
    return row?.due ? new Date(row.due) : null;
  }
}

/** A transaction whose statements find rows through indexes (`useIndexPlans`), for the dispatcher's batch statements. */
@Injectable()
export class SqlBatchTransactions extends BatchTransactions {
  constructor(private readonly sql: Sql) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.sql.transaction(async () => {
      await useIndexPlans(this.sql);
      return work();
    });
  }
}
