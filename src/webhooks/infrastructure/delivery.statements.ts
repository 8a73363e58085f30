import type { SelectQueryBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { slotColumns, textArray, unnest } from '../../platform/database/array-parameters.js';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { lockable } from '../../platform/database/row-lock.js';
import { inShardGroup, type ShardGroup } from '../../platform/database/shard-groups.js';
import type { AttemptRecord, DeliveryEvent, DeliveryState } from '../domain/delivery/model.js';
import { webhooks, type StoredAttempt } from './webhooks.tables.js';

/** The delivery event store's rows and statements: how SqlDeliveryStore reads and writes streams. */

const DATE_FIELDS = new Set(['at', 'nextAttemptAt']);

/** Events are stored as JSON; their instants come back as Dates. */
export function revive(type: string, data: Record<string, unknown>): DeliveryEvent {
  const e: Record<string, unknown> = { type };
  for (const [k, v] of Object.entries(data)) e[k] = DATE_FIELDS.has(k) && typeof v === 'string' ? new Date(v) : v;
  return e as unknown as DeliveryEvent;
}

/** What an event stores in `data`: everything but its type. */
export function payload(event: DeliveryEvent): Record<string, unknown> {
  const { type: _type, ...data } = event;
  return data;
}

/** An attempt as the projection's `attempts` column holds it (its instant as JSON text). */
export const stored = (attempts: readonly AttemptRecord[]): StoredAttempt[] => attempts.map((a) => ({ ...a, at: a.at.toISOString() }));

/** The projection columns as `unnest` binds them (`attempts` as JSON text). */
const PROJECTION = {
  status: 'text',
  attempt_count: 'int',
  attempts_in_cycle: 'int',
  attempts: 'text',
  next_attempt_at: 'timestamptz',
  last_status_code: 'int',
  recorded_while_disabled: 'boolean',
  version: 'int',
} as const;

/** The projection columns of states, as parallel arrays. */
export const projectionArrays = (states: readonly DeliveryState[]) => ({
  status: states.map((s) => s.status),
  attempt_count: states.map((s) => s.attemptCount),
  attempts_in_cycle: states.map((s) => s.attemptsInCycle),
  attempts: states.map((s) => JSON.stringify(stored(s.attempts))),
  next_attempt_at: states.map((s) => s.nextAttemptAt),
  last_status_code: states.map((s) => s.lastStatusCode),
  recorded_while_disabled: states.map((s) => s.recordedWhileDisabled),
  version: states.map((s) => s.version),
});
type ProjectionArrays = ReturnType<typeof projectionArrays>;

/** The event rows of several appends, as parallel arrays: (workspace_id, delivery_id, version, type, data as JSON text). */
export function eventArrays(
  appends: readonly { deliveryId: string; expectedVersion: number; events: DeliveryEvent[]; state: { workspaceId: string } }[],
) {
  const arrays = {
    e_workspace_id: [] as string[],
    e_delivery_id: [] as string[],
    e_version: [] as number[],
    e_type: [] as string[],
    e_data: [] as string[],
  };
  for (const a of appends) {
    a.events.forEach((e, i) => {
      arrays.e_workspace_id.push(a.state.workspaceId);
      arrays.e_delivery_id.push(a.deliveryId);
      arrays.e_version.push(a.expectedVersion + i + 1);
      arrays.e_type.push(e.type);
      arrays.e_data.push(JSON.stringify(payload(e)));
    });
  }
  return arrays;
}
type EventArrays = ReturnType<typeof eventArrays>;

/** The event rows of the streams whose projection `written` returned (the others were not written). */
function eventsOf<DB, TB extends keyof DB>(p: Slots<EventArrays>, written: SelectQueryBuilder<DB, TB, { id: string }>) {
  const rows = unnest('e', {
    workspace_id: [p.e_workspace_id, 'text'],
    delivery_id: [p.e_delivery_id, 'text'],
    version: [p.e_version, 'int'],
    type: [p.e_type, 'text'],
    data: [p.e_data, 'text'],
  });
  return webhooks
    .selectFrom(rows)
    .select((eb) => [
      'e.workspace_id',
      'e.delivery_id',
      'e.version',
      'e.type',
      eb.cast<Record<string, unknown>>('e.data', 'jsonb').as('data'),
    ])
    .where('e.delivery_id', 'in', written);
}

/** The columns a new stream's projection row is written with. */
const INSERT_COLUMNS = [
  'id',
  'endpoint_id',
  'workspace_id',
  'event_id',
  'event_type',
  'created_at',
  'status',
  'attempt_count',
  'attempts_in_cycle',
  'attempts',
  'next_attempt_at',
  'last_status_code',
  'recorded_while_disabled',
  'version',
  'lease_token',
  'lease_until',
] as const;

// The batch statements of the fan-out and the dispatcher, compiled once (docs/adr/0027).

/** Streams with their projection rows, in id order; with the lock, the projection rows are locked in that order. */
const streamsQuery = (p: Slots<{ workspaceIds: string[]; ids: string[] }>) =>
  webhooks
    .selectFrom('webhook_deliveries as d')
    .select((eb) => [
      'd.id',
      eb
        .selectFrom('webhook_delivery_events as e')
        .select((stream) =>
          stream.fn
            .jsonAgg(jsonBuildObject({ type: stream.ref('e.type'), data: stream.ref('e.data') }))
            .orderBy('e.version')
            .as('events'),
        )
        // The workspaces again, as constants: a cluster sharded with Citus routes (and locks) only when every table
        // of the statement names them (docs/adr/0053).
        .where((stream) => stream('e.workspace_id', '=', stream.fn.any(textArray(p.workspaceIds))))
        .whereRef('e.workspace_id', '=', 'd.workspace_id')
        .whereRef('e.delivery_id', '=', 'd.id')
        .as('events'),
    ])
    .where((eb) => eb('d.workspace_id', '=', eb.fn.any(textArray(p.workspaceIds))))
    .where((eb) => eb('d.id', '=', eb.fn.any(textArray(p.ids))))
    .orderBy('d.id');
export const loadStreams = lockable(streamsQuery, (q) => q.forUpdate('d'));

/** The recorder's lock (docs/adr/0079): these streams' projection rows, locked in id order, with their versions. */
export const lockStreams = prepared(
  (p: Slots<{ workspaceIds: string[]; ids: string[] }>) =>
    sql<{ id: string; version: number }>`
    SELECT d.id, d.version FROM webhook_deliveries d
    WHERE d.workspace_id = ANY(${p.workspaceIds}::text[]) AND d.id = ANY(${p.ids}::text[])
    ORDER BY d.id
    FOR NO KEY UPDATE
  `,
);

/**
 * New streams, bound as one JSON parameter (encoding a JSON text costs the driver far less than escaping a
 * dozen text arrays): their projection rows (once per endpoint and event), then the events of the rows
 * written, at versions 1, 2, ... Returns the ids of the streams written.
 */
export const createStreams = prepared(
  (p: Slots<{ streams: string }>) =>
    sql<{ delivery_id: string }>`
    WITH input AS (
      SELECT * FROM json_to_recordset(${p.streams}::json) AS d(
        id text, endpoint_id text, workspace_id text, event_id text, event_type text, created_at timestamptz,
        status text, attempt_count int, attempts_in_cycle int, attempts jsonb, next_attempt_at timestamptz,
        last_status_code int, recorded_while_disabled boolean, version int, lease_token text, lease_until timestamptz,
        events json)
    ), created AS (
      INSERT INTO webhook_deliveries (${sql.join(INSERT_COLUMNS.map((c) => sql.id(c)))})
      SELECT ${sql.join(INSERT_COLUMNS.map((c) => sql.ref(`input.${c}`)))} FROM input
      ON CONFLICT (workspace_id, event_id, endpoint_id) WHERE event_id IS NOT NULL DO NOTHING
      RETURNING id
    ), appended AS (
      INSERT INTO webhook_delivery_events (workspace_id, delivery_id, version, type, data)
      SELECT input.workspace_id, input.id, e.ordinality::int, e.value->>'type', (e.value->'data')::jsonb
      FROM input JOIN created ON created.id = input.id
      CROSS JOIN LATERAL json_array_elements(input.events) WITH ORDINALITY AS e(value, ordinality)
    )
    -- One row per stream written (not per event): the caller only asks which were.
    SELECT id AS delivery_id FROM created
  `,
);

/**
 * Moves projections (found by their key, workspace first) under a compare-and-set on version; only the streams it moved
 * get their events.
 */
export const appendStreams = prepared(
  (p: Slots<{ workspace_id: string[]; id: string[]; expected: number[] } & ProjectionArrays & EventArrays>) =>
    webhooks
      .with('moved', (db) =>
        db
          .updateTable('webhook_deliveries as d')
          .from(unnest('p', slotColumns({ workspace_id: 'text', id: 'text', expected: 'int', ...PROJECTION } as const, p)))
          .set((eb) => ({
            status: eb.ref('p.status'),
            attempt_count: eb.ref('p.attempt_count'),
            attempts_in_cycle: eb.ref('p.attempts_in_cycle'),
            attempts: eb.cast<StoredAttempt[]>('p.attempts', 'jsonb'),
            next_attempt_at: eb.ref('p.next_attempt_at'),
            last_status_code: eb.ref('p.last_status_code'),
            recorded_while_disabled: eb.ref('p.recorded_while_disabled'),
            version: eb.ref('p.version'),
            lease_token: null,
            lease_until: null,
          }))
          .whereRef('d.workspace_id', '=', 'p.workspace_id')
          .whereRef('d.id', '=', 'p.id')
          .whereRef('d.version', '=', 'p.expected')
          .returning('d.id'),
      )
      .insertInto('webhook_delivery_events')
      .columns(['workspace_id', 'delivery_id', 'version', 'type', 'data'])
      .expression((eb) => eventsOf(p, eb.selectFrom('moved').select('id')))
      .returning('delivery_id'),
);

/**
 * The events of deleted deliveries (`streams`: their keys), deleted in the transaction that deleted them: no foreign
 * key cascades to the event store (docs/adr/0057). Probes the primary key stream by stream; `group` names the
 * workspaces again for a cluster sharded by workspace (docs/adr/0053).
 */
export function deleteStreamEvents(streams: readonly { workspace_id: string; id: string }[], group: ShardGroup) {
  const keys = unnest('g', { workspace_id: [streams.map((s) => s.workspace_id), 'text'], id: [streams.map((s) => s.id), 'text'] });
  return webhooks
    .deleteFrom('webhook_delivery_events as e')
    .using(keys)
    .where(inShardGroup(group, 'e.workspace_id'))
    .whereRef('e.workspace_id', '=', 'g.workspace_id')
    .whereRef('e.delivery_id', '=', 'g.id');
}
