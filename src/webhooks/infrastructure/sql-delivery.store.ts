import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { fold, type DeliveryEvent, type DeliveryState } from '../domain/delivery.js';
import type { StreamAppend } from '../domain/recording.js';
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

/** The projection columns of a state, as parallel arrays for `unnest`. */
function projectionArrays(states: readonly DeliveryState[]): unknown[][] {
  return [
    states.map((s) => s.status),
    states.map((s) => s.attemptCount),
    states.map((s) => JSON.stringify(s.attempts)),
    states.map((s) => s.nextAttemptAt),
    states.map((s) => s.lastStatusCode),
    states.map((s) => s.recordedWhileDisabled),
    states.map((s) => s.version),
  ];
}

/** The event rows of several appends, as parallel arrays for `unnest`: (delivery_id, version, type, data). */
function eventArrays(appends: readonly { deliveryId: string; expectedVersion: number; events: DeliveryEvent[] }[]): unknown[][] {
  const ids: string[] = [];
  const versions: number[] = [];
  const types: string[] = [];
  const data: string[] = [];
  for (const a of appends) {
    a.events.forEach((e, i) => {
      ids.push(a.deliveryId);
      versions.push(a.expectedVersion + i + 1);
      types.push(e.type);
      data.push(payload(e));
    });
  }
  return [ids, versions, types, data];
}

const INSERT_EVENTS_FROM = (written: string) => `
  INSERT INTO webhook_delivery_events (delivery_id, version, type, data)
  SELECT e.delivery_id, e.version, e.type, e.data::jsonb
    FROM unnest(?::text[], ?::int[], ?::text[], ?::text[]) AS e(delivery_id, version, type, data)
   WHERE e.delivery_id IN (SELECT id FROM ${written})
  RETURNING delivery_id`;

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
      const projection = [
        s.status,
        s.attemptCount,
        JSON.stringify(s.attempts),
        s.nextAttemptAt,
        s.lastStatusCode,
        s.recordedWhileDisabled,
        s.version,
      ];
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
        await this.sql.all(`INSERT INTO webhook_delivery_events (delivery_id, version, type, data) VALUES (?, ?, ?, ?::jsonb)`, [
          deliveryId,
          version,
          e.type,
          payload(e),
        ]);
      }
      return true;
    });
  }

  async loadMany(deliveryIds: readonly string[], options: { lock?: boolean } = {}): Promise<Map<string, LoadedDelivery>> {
    const found = new Map<string, LoadedDelivery>();
    if (deliveryIds.length === 0) return found;
    // One row per delivery with its stream; with the lock, the projection rows are locked in id order.
    const rows = await this.sql.all<{ id: string; events: { type: string; data: Record<string, unknown> }[] | null }>(
      `SELECT d.id,
              (SELECT json_agg(json_build_object('type', e.type, 'data', e.data) ORDER BY e.version)
                 FROM webhook_delivery_events e WHERE e.delivery_id = d.id) AS events
         FROM webhook_deliveries d
        WHERE d.id = ANY(?::text[])
        ORDER BY d.id${options.lock ? ' FOR UPDATE OF d' : ''}`,
      [[...new Set(deliveryIds)]],
    );
    for (const r of rows) {
      const state = fold((r.events ?? []).map((e) => revive(e.type, e.data)));
      if (state) found.set(r.id, { state, version: state.version });
    }
    return found;
  }

  async createMany(streams: readonly { deliveryId: string; events: DeliveryEvent[]; state: DeliveryState }[]): Promise<Set<string>> {
    const fresh = streams.filter((x) => x.events.length > 0);
    if (fresh.length === 0) return new Set();
    const states = fresh.map((x) => x.state);
    const rows = await this.sql.all<{ delivery_id: string }>(
      `WITH created AS (
         INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, created_at,
                status, attempt_count, attempts, next_attempt_at, last_status_code, recorded_while_disabled, version)
         SELECT d.id, d.endpoint_id, d.workspace_id, d.event_id, d.event_type, d.created_at,
                d.status, d.attempt_count, d.attempts::jsonb, d.next_attempt_at, d.last_status_code, d.recorded_while_disabled, d.version
           FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[],
                       ?::text[], ?::int[], ?::text[], ?::timestamptz[], ?::int[], ?::boolean[], ?::int[])
                AS d(id, endpoint_id, workspace_id, event_id, event_type, created_at,
                     status, attempt_count, attempts, next_attempt_at, last_status_code, recorded_while_disabled, version)
         ON CONFLICT (endpoint_id, event_id) DO NOTHING
         RETURNING id
       )${INSERT_EVENTS_FROM('created')}`,
      [
        fresh.map((x) => x.deliveryId),
        states.map((s) => s.endpointId),
        states.map((s) => s.workspaceId),
        states.map((s) => s.eventId),
        states.map((s) => s.eventType),
        states.map((s) => s.createdAt),
        ...projectionArrays(states),
        ...eventArrays(fresh.map((x) => ({ ...x, expectedVersion: 0 }))),
      ],
    );
    return new Set(rows.map((r) => r.delivery_id));
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<Set<string>> {
    const writes = appends.filter((a) => a.events.length > 0);
    if (writes.length === 0) return new Set();
    if (new Set(writes.map((a) => a.deliveryId)).size !== writes.length) throw new Error('appendMany takes one append per stream');
    // The projection moves under a compare-and-set on version; only the streams it moved get their events.
    const rows = await this.sql.all<{ delivery_id: string }>(
      `WITH moved AS (
         UPDATE webhook_deliveries d
            SET status = p.status, attempt_count = p.attempt_count, attempts = p.attempts::jsonb, next_attempt_at = p.next_attempt_at,
                last_status_code = p.last_status_code, recorded_while_disabled = p.recorded_while_disabled, version = p.version,
                lease_token = NULL, lease_until = NULL
           FROM unnest(?::text[], ?::int[], ?::text[], ?::int[], ?::text[], ?::timestamptz[], ?::int[], ?::boolean[], ?::int[])
                AS p(id, expected, status, attempt_count, attempts, next_attempt_at, last_status_code, recorded_while_disabled, version)
          WHERE d.id = p.id AND d.version = p.expected
         RETURNING d.id
       )${INSERT_EVENTS_FROM('moved')}`,
      [
        writes.map((a) => a.deliveryId),
        writes.map((a) => a.expectedVersion),
        ...projectionArrays(writes.map((a) => a.state)),
        ...eventArrays(writes),
      ],
    );
    return new Set(rows.map((r) => r.delivery_id));
  }

  async belongsTo(workspaceId: string, endpointId: string, deliveryId: string): Promise<boolean> {
    const row = await this.sql.one(
      `SELECT 1 FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.workspace_id = ? AND e.id = ? AND d.id = ?`,
      [workspaceId, endpointId, deliveryId],
    );
    return row !== undefined;
  }

  async failedSince(endpointId: string, since: Date): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(
      `SELECT id FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'FAILED' AND created_at >= ? ORDER BY id`,
      [endpointId, since],
    );
    return rows.map((r) => r.id);
  }
}

@Injectable()
export class SqlMessageStore extends MessageStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async save(m: { eventId: string; workspaceId: string; type: string; body: string; createdAt: Date }): Promise<void> {
    await this.sql.all(
      `INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (event_id) DO NOTHING`,
      [m.eventId, m.workspaceId, m.type, m.body, m.createdAt],
    );
  }

  async saveMany(
    messages: readonly { eventId: string; workspaceId: string; type: string; body: string; createdAt: Date }[],
  ): Promise<void> {
    if (messages.length === 0) return;
    await this.sql.all(
      `INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at)
       SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        messages.map((m) => m.eventId),
        messages.map((m) => m.workspaceId),
        messages.map((m) => m.type),
        messages.map((m) => m.body),
        messages.map((m) => m.createdAt),
      ],
    );
  }

  async bodies(eventIds: readonly string[]): Promise<Map<string, string>> {
    if (eventIds.length === 0) return new Map();
    const rows = await this.sql.all<{ event_id: string; body: string }>(
      `SELECT event_id, body FROM webhook_messages WHERE event_id = ANY(?::text[])`,
      [[...new Set(eventIds)]],
    );
    return new Map(rows.map((r) => [r.event_id, r.body]));
  }
}
