import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { fold, type DeliveryEvent, type DeliveryState } from '../domain/delivery.js';
import { ConcurrentDeliveryWriteError, DeliveryStore, MessageStore, type LoadedDelivery } from '../application/ports/webhook.ports.js';

const DATE_FIELDS = new Set(['at', 'nextAttemptAt']);

/** Events are stored as JSON; their instants come back as Dates. */
function revive(type: string, data: Record<string, unknown>): DeliveryEvent {
  const e: Record<string, unknown> = { type };
  for (const [k, v] of Object.entries(data)) e[k] = DATE_FIELDS.has(k) && typeof v === 'string' ? new Date(v) : v;
  return e as unknown as DeliveryEvent;
}

function payload(event: DeliveryEvent): string {
  const { type: _type, ...data } = event;
  return JSON.stringify(data);
}

/**
 * The delivery event store in PostgreSQL: `webhook_delivery_events` is the append-only truth, one stream
 * per delivery keyed (delivery_id, version); `webhook_deliveries` is its projection, updated in the same
 * transaction under a compare-and-set on `version`.
 */
@Injectable()
export class SqlDeliveryStore extends DeliveryStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async load(deliveryId: string, options: { lock?: boolean } = {}): Promise<LoadedDelivery | null> {
    // The projection row is the stream's lock: writers of one delivery queue up instead of colliding.
    if (options.lock && !(await this.sql.one(`SELECT 1 FROM webhook_deliveries WHERE id = ? FOR UPDATE`, [deliveryId]))) return null;
    const rows = await this.sql.all<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM webhook_delivery_events WHERE delivery_id = ? ORDER BY version`,
      [deliveryId],
    );
    const state = fold(rows.map((r) => revive(r.type, r.data)));
    return state ? { state, version: state.version } : null;
  }

  async append(deliveryId: string, expectedVersion: number, events: DeliveryEvent[], s: DeliveryState): Promise<boolean> {
    if (events.length === 0) return true;
    return this.sql.transaction(async () => {
      const projection = [s.status, s.attemptCount, JSON.stringify(s.attempts), s.nextAttemptAt, s.lastStatusCode, s.recordedWhileDisabled, s.version];
      if (expectedVersion === 0) {
        const inserted = await this.sql.all(
          `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, created_at,
                  status, attempt_count, attempts, next_attempt_at, last_status_code, recorded_while_disabled, version)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
           ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
          [deliveryId, s.endpointId, s.workspaceId, s.eventId, s.eventType, s.createdAt, ...projection],
        );
        if (inserted.length === 0) return false;
      } else {
        const updated = await this.sql.all(
          `UPDATE webhook_deliveries SET status = ?, attempt_count = ?, attempts = ?::jsonb, next_attempt_at = ?, last_status_code = ?,
                  recorded_while_disabled = ?, version = ?, lease_token = NULL, lease_until = NULL
            WHERE id = ? AND version = ? RETURNING id`,
          [...projection, deliveryId, expectedVersion],
        );
        if (updated.length === 0) throw new ConcurrentDeliveryWriteError(deliveryId);
      }
      let version = expectedVersion;
      for (const e of events) {
        version += 1;
        await this.sql.all(`INSERT INTO webhook_delivery_events (delivery_id, version, type, data) VALUES (?, ?, ?, ?::jsonb)`, [deliveryId, version, e.type, payload(e)]);
      }
      return true;
    });
  }
}

@Injectable()
export class SqlMessageStore extends MessageStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async save(m: { eventId: string; workspaceId: string; type: string; body: string; createdAt: Date }): Promise<void> {
    await this.sql.all(`INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`, [
      m.eventId,
      m.workspaceId,
      m.type,
      m.body,
      m.createdAt,
    ]);
  }

  async body(eventId: string): Promise<string | null> {
    return (await this.sql.one<{ body: string }>(`SELECT body FROM webhook_messages WHERE event_id = ?`, [eventId]))?.body ?? null;
  }
}
