import { slotColumns, textArray, unnest, type List } from '../../platform/database/array-parameters.js';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { lockable } from '../../platform/database/row-lock.js';
import { Endpoint } from '../domain/endpoint.js';
import type { WorkspaceKey } from '../application/ports/webhook.ports.js';
import { webhooks, type EndpointRow } from './webhooks.tables.js';

/** The endpoint repository's rows and statements: how SqlEndpointRepository reads and writes `webhook_endpoints`. */

/** The columns a save writes. */
export function mutable(endpoint: Endpoint) {
  const s = endpoint.snapshot();
  return {
    url: s.url,
    event_types: [...s.eventTypes],
    status: s.status,
    disabled_reason: s.disabledReason,
    consecutive_failures: s.consecutiveFailures,
    last_success_at: s.lastSuccessAt,
    last_failure_at: s.lastFailureAt,
    secret_encrypted: s.currentSecretRef,
    previous_secret_encrypted: s.previousSecretRef,
    previous_secret_expires_at: s.previousSecretExpiresAt,
    updated_at: s.updatedAt,
  };
}

export function toEndpoint(r: EndpointRow): Endpoint {
  return Endpoint.restore({
    id: r.id,
    workspaceId: r.workspace_id,
    url: r.url,
    eventTypes: r.event_types,
    status: r.status,
    disabledReason: r.disabled_reason,
    consecutiveFailures: r.consecutive_failures,
    lastSuccessAt: r.last_success_at,
    lastFailureAt: r.last_failure_at,
    currentSecretRef: r.secret_encrypted,
    previousSecretRef: r.previous_secret_encrypted,
    previousSecretExpiresAt: r.previous_secret_expires_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
}

export const allEndpoints = webhooks.selectFrom('webhook_endpoints').selectAll();
const anyOf = (ids: List<string>) => sql<string>`ANY(${textArray(ids)})`;

/** One endpoint by its key; with the lock, held until the transaction ends. */
export const endpointById = lockable((p: Slots<{ workspaceId: string; id: string }>) =>
  allEndpoints.where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

// The fan-out's and the dispatcher's batch statements, compiled once (docs/adr/0027).
// By key, workspace first (the primary key; on a sharded cluster, the shards of these workspaces alone).
const byKeys = (p: Slots<{ workspaceIds: string[]; ids: string[] }>) =>
  allEndpoints.where('workspace_id', '=', anyOf(p.workspaceIds)).where('id', '=', anyOf(p.ids));
export const endpointsById = prepared(byKeys);
export const lockEndpoints = prepared((p: Slots<{ workspaceIds: string[]; ids: string[] }>) => byKeys(p).orderBy('id').forNoKeyUpdate());
export const keyArrays = (keys: readonly WorkspaceKey[]) => ({
  workspaceIds: [...new Set(keys.map((k) => k.workspaceId))],
  ids: [...new Set(keys.map((k) => k.id))],
});
export const endpointsOfWorkspaces = prepared((p: Slots<{ ids: string[] }>) =>
  allEndpoints.where('workspace_id', '=', anyOf(p.ids)).orderBy('workspace_id').orderBy('created_at').orderBy('id'),
);
export const saveCounters = prepared(
  (
    p: Slots<{
      workspace_id: string[];
      id: string[];
      status: EndpointRow['status'][];
      disabled_reason: EndpointRow['disabled_reason'][];
      consecutive_failures: number[];
      last_success_at: (Date | null)[];
      last_failure_at: (Date | null)[];
      updated_at: Date[];
    }>,
  ) =>
    webhooks
      .updateTable('webhook_endpoints as e')
      .from(
        unnest(
          'u',
          slotColumns(
            {
              workspace_id: 'text',
              id: 'text',
              status: 'text',
              disabled_reason: 'text',
              consecutive_failures: 'int',
              last_success_at: 'timestamptz',
              last_failure_at: 'timestamptz',
              updated_at: 'timestamptz',
            },
            p,
          ),
        ),
      )
      .set((eb) => ({
        status: eb.ref('u.status'),
        disabled_reason: eb.ref('u.disabled_reason'),
        consecutive_failures: eb.ref('u.consecutive_failures'),
        last_success_at: eb.ref('u.last_success_at'),
        last_failure_at: eb.ref('u.last_failure_at'),
        updated_at: eb.ref('u.updated_at'),
      }))
      .whereRef('e.workspace_id', '=', 'u.workspace_id')
      .whereRef('e.id', '=', 'u.id'),
);

/** An endpoint's deliveries locked, in id order as a replay or a redaction locks them: no deadlock between them. */
export const lockDeliveriesOf = (workspaceId: string, endpointId: string) =>
  webhooks
    .selectFrom((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('endpoint_id', '=', endpointId)
        .orderBy('id')
        .forUpdate()
        .as('locked'),
    )
    .select((eb) => eb.fn.countAll().as('n'));

/** The endpoint's delivery events (which no key cascades to) and the endpoint, in one statement. */
export const deleteWithEvents = (workspaceId: string, endpointId: string) =>
  webhooks
    .with('events', (db) =>
      db
        .deleteFrom('webhook_delivery_events as e')
        .using('webhook_deliveries as d')
        .where('d.workspace_id', '=', workspaceId)
        .where('d.endpoint_id', '=', endpointId)
        .where('e.workspace_id', '=', workspaceId)
        .whereRef('e.delivery_id', '=', 'd.id'),
    )
    .deleteFrom('webhook_endpoints')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', endpointId)
    .returning('id');
