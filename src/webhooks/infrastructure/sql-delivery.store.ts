import type { SelectQueryBuilder } from 'kysely';
import { Injectable } from '@nestjs/common';
import { textArray } from '../../platform/database/array-parameters.js';
import { sql } from '../../platform/database/query-builder.js';
import type { LockOption } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { type DeliveryState } from '../domain/delivery/model.js';
import { fold } from '../domain/delivery/decider.js';
import type { StreamAppend } from '../domain/recording.js';
import {
  DeliveryStore,
  type LoadedDelivery,
  type NewStream,
  type WorkspaceKey,
  DELIVERIES_CHANNEL,
} from '../application/ports/webhook.ports.js';
import { notifyIfDue } from '../../platform/database/notify.js';
import { webhooks, type WebhooksDb } from './webhooks.tables.js';

type DeliveryIds = SelectQueryBuilder<WebhooksDb, 'webhook_deliveries', { id: string }>;
import {
  appendStreams,
  createStreams,
  eventArrays,
  loadStreams,
  lockStreams,
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

  async loadMany(keys: readonly WorkspaceKey[], options: LockOption = {}): Promise<Map<string, LoadedDelivery>> {
    const found = new Map<string, LoadedDelivery>();
    if (keys.length === 0) return found;
    const ids = [...new Set(keys.map((k) => k.id))];
    const workspaceIds = [...new Set(keys.map((k) => k.workspaceId))];
    // The projection row is the stream's lock: writers of one delivery queue up instead of colliding.
    const rows = await this.db.all(loadStreams(this.db, { workspaceIds, ids }, options));
    for (const r of rows) {
      const state = fold((r.events ?? []).map((e) => revive(e.type, e.data)));
      if (state) found.set(r.id, { state, version: state.version });
    }
    return found;
  }

  async lockMany(keys: readonly WorkspaceKey[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db.all(
      lockStreams({ workspaceIds: [...new Set(keys.map((k) => k.workspaceId))], ids: [...new Set(keys.map((k) => k.id))] }),
    );
    return new Map(rows.map((r) => [r.id, r.version]));
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
    const created = new Set(rows.map((r) => r.delivery_id));
    await this.wakeDispatchers(fresh.filter((x) => created.has(x.deliveryId) && !x.lease).map((x) => x.state));
    return created;
  }

  /**
   * NOTIFY (at commit) when a write leaves an unleased delivery due now (docs/adr/0093): a new one, a resend, a
   * replay. One due later (a retry's backoff) wakes nobody: the dispatcher's timer takes it.
   */
  private async wakeDispatchers(states: readonly DeliveryState[]): Promise<void> {
    const soon = Date.now() + 5_000; // the database's clock decides; this only spares a round trip for later work
    const times = states.flatMap((s) =>
      s.status === 'PENDING' && s.nextAttemptAt && s.nextAttemptAt.getTime() <= soon ? [s.nextAttemptAt] : [],
    );
    await notifyIfDue(this.db, DELIVERIES_CHANNEL, times);
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<Set<string>> {
    const writes = appends.filter((a) => a.events.length > 0);
    if (writes.length === 0) return new Set();
    if (new Set(writes.map((a) => a.deliveryId)).size !== writes.length) throw new Error('appendMany takes one append per stream');
    const rows = await this.db.all(
      appendStreams({
        workspace_id: writes.map((a) => a.state.workspaceId),
        id: writes.map((a) => a.deliveryId),
        expected: writes.map((a) => a.expectedVersion),
        ...projectionArrays(writes.map((a) => a.state)),
        ...eventArrays(writes),
      }),
    );
    const written = new Set(rows.map((r) => r.delivery_id));
    await this.wakeDispatchers(writes.filter((a) => written.has(a.deliveryId)).map((a) => a.state));
    return written;
  }

  async belongsTo(workspaceId: string, endpointId: string, deliveryId: string): Promise<boolean> {
    const row = await this.db.one(
      webhooks
        .selectFrom('webhook_deliveries as d')
        .select('d.id')
        .where('d.workspace_id', '=', workspaceId)
        .where('d.id', '=', deliveryId)
        .where('d.endpoint_id', '=', endpointId),
    );
    return row !== undefined;
  }

  async ofEvents(workspaceId: string, eventIds: readonly string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    // The unique (workspace_id, event_id, endpoint_id) index.
    return this.idsWhere(workspaceId, (q) => q.where((eb) => eb('event_id', '=', eb.fn.any(textArray([...new Set(eventIds)])))));
  }

  failedSince(workspaceId: string, endpointId: string, since: Date): Promise<string[]> {
    return this.idsWhere(workspaceId, (q) =>
      q.where('endpoint_id', '=', endpointId).where('status', '=', sql.lit('FAILED')).where('created_at', '>=', since),
    );
  }

  /** The ids of the workspace's deliveries that `filter` keeps, in id order (the order writers lock them in). */
  private async idsWhere(workspaceId: string, filter: (q: DeliveryIds) => DeliveryIds): Promise<string[]> {
    const rows = await this.db.all(
      filter(webhooks.selectFrom('webhook_deliveries').select('id').where('workspace_id', '=', workspaceId)).orderBy('id'),
    );
    return rows.map((r) => r.id);
  }
}
