import { Injectable } from '@nestjs/common';
import { textArray } from '../../platform/database/array-parameters.js';
import { sql } from '../../platform/database/query-builder.js';
import { locksRows } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { fold } from '../domain/delivery/index.js';
import type { StreamAppend } from '../domain/recording.js';
import { DeliveryStore, type LoadedDelivery, type NewStream } from '../application/ports/webhook.ports.js';
import { webhooks } from './webhooks.tables.js';
import {
  appendStreams,
  createStreams,
  eventArrays,
  loadLockedStreams,
  loadStreams,
  payload,
  projectionArrays,
  revive,
  stored,
} from './delivery.statements.js';

/**
 * The delivery event store in PostgreSQL: `webhook_delivery_events` is the append-only truth, one stream
 * per delivery keyed (delivery_id, version); `webhook_deliveries` is its projection, updated in the same
 * transaction under a compare-and-set on `version`.
 */
@Injectable()
export class SqlDeliveryStore extends DeliveryStore {
  constructor(private readonly db: Sql) {
    super();
  }

  async loadMany(deliveryIds: readonly string[], options: { lock?: boolean } = {}): Promise<Map<string, LoadedDelivery>> {
    const found = new Map<string, LoadedDelivery>();
    if (deliveryIds.length === 0) return found;
    const ids = [...new Set(deliveryIds)];
    // The projection row is the stream's lock: writers of one delivery queue up instead of colliding.
    const rows = await this.db.all((locksRows(this.db, options) ? loadLockedStreams : loadStreams)({ ids }));
    for (const r of rows) {
      const state = fold((r.events ?? []).map((e) => revive(e.type, e.data)));
      if (state) found.set(r.id, { state, version: state.version });
    }
    return found;
  }

  async createMany(streams: readonly NewStream[]): Promise<Set<string>> {
    const fresh = streams.filter((x) => x.events.length > 0);
    if (fresh.length === 0) return new Set();
    const rows = await this.db.all(
      createStreams({
        streams: JSON.stringify(
          fresh.map(({ deliveryId, events, state: s, lease }) => ({
            id: deliveryId,
            endpoint_id: s.endpointId,
            workspace_id: s.workspaceId,
            event_id: s.eventId,
            event_type: s.eventType,
            created_at: s.createdAt,
            status: s.status,
            attempt_count: s.attemptCount,
            attempts_in_cycle: s.attemptsInCycle,
            attempts: stored(s.attempts),
            next_attempt_at: s.nextAttemptAt,
            last_status_code: s.lastStatusCode,
            recorded_while_disabled: s.recordedWhileDisabled,
            version: s.version,
            lease_token: lease?.token ?? null,
            lease_until: lease?.until ?? null,
            events: events.map((e) => ({ type: e.type, data: payload(e) })),
          })),
        ),
      }),
    );
    return new Set(rows.map((r) => r.delivery_id));
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<Set<string>> {
    const writes = appends.filter((a) => a.events.length > 0);
    if (writes.length === 0) return new Set();
    if (new Set(writes.map((a) => a.deliveryId)).size !== writes.length) throw new Error('appendMany takes one append per stream');
    const rows = await this.db.all(
      appendStreams({
        id: writes.map((a) => a.deliveryId),
        expected: writes.map((a) => a.expectedVersion),
        ...projectionArrays(writes.map((a) => a.state)),
        ...eventArrays(writes),
      }),
    );
    return new Set(rows.map((r) => r.delivery_id));
  }

  async belongsTo(workspaceId: string, endpointId: string, deliveryId: string): Promise<boolean> {
    const row = await this.db.one(
      webhooks
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select('d.id')
        .where('e.workspace_id', '=', workspaceId)
        .where('e.id', '=', endpointId)
        .where('d.id', '=', deliveryId),
    );
    return row !== undefined;
  }

  async ofEvents(eventIds: readonly string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    // The unique (event_id, endpoint_id) index leads with the event.
    const rows = await this.db.all(
      webhooks
        .selectFrom('webhook_deliveries')
        .select('id')
        .where((eb) => eb('event_id', '=', eb.fn.any(textArray([...new Set(eventIds)]))))
        .orderBy('id'),
    );
    return rows.map((r) => r.id);
  }

  async failedSince(endpointId: string, since: Date): Promise<string[]> {
    const rows = await this.db.all(
      webhooks
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', sql.lit('FAILED'))
        .where('created_at', '>=', since)
        .orderBy('id'),
    );
    return rows.map((r) => r.id);
  }
}
