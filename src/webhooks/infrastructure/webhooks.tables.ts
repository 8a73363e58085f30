import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';
import type { AttemptRecord, DeliveryStatus } from '../domain/delivery/model.js';

/** An attempt as the projection's `attempts` column holds it: the domain's record, its instant as JSON text. */
export type StoredAttempt = Omit<AttemptRecord, 'at'> & { at: string };

/**
 * The webhooks context's tables (docs/adr/0027): endpoints (secrets encrypted at rest), the event envelopes,
 * the append-only delivery event store with its projection (and the dispatcher's lease), owner notifications.
 */
export const WebhookEndpointTable = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    workspace: workspaceReference('webhook_endpoints').primary(),
    id: p.text().primary(),
    url: p.text(),
    eventTypes: p.array(),
    status: p.text().$type<'ACTIVE' | 'DISABLED'>(),
    disabledReason: p.text().$type<'MANUAL' | 'CONSECUTIVE_FAILURES'>().nullable(),
    consecutiveFailures: p.integer().default(0),
    lastSuccessAt: p.datetime(3).nullable(),
    lastFailureAt: p.datetime(3).nullable(),
    secretEncrypted: p.text(),
    previousSecretEncrypted: p.text().nullable(),
    previousSecretExpiresAt: p.datetime(3).nullable(),
    createdAt: p.datetime(3),
    updatedAt: p.datetime(3),
  },
  checks: [
    { name: 'webhook_endpoints_status_check', expression: "status IN ('ACTIVE', 'DISABLED')" },
    { name: 'webhook_endpoints_disabled_reason_check', expression: "disabled_reason IN ('MANUAL', 'CONSECUTIVE_FAILURES')" },
  ],
  indexes: [{ name: 'webhook_endpoints_workspace_idx', properties: ['workspace', 'createdAt', 'id'] }],
});

/**
 * One row per subscribable event (with or without endpoints): the exact bytes signed and sent on every attempt of
 * every endpoint, and what `GET /v1/events` lists (docs/adr/0065).
 */
export const WebhookMessageTable = defineEntity({
  name: 'WebhookMessage',
  tableName: 'webhook_messages',
  properties: {
    workspace: workspaceReference('webhook_messages').primary(),
    eventId: p.text().primary(),
    type: p.text(),
    body: p.text(),
    createdAt: p.datetime(3),
    /** the trace every attempt of this envelope continues (docs/adr/0054); null when tracing was off */
    traceparent: p.text().nullable(),
    /** when the envelope became visible: the relay transaction's time (docs/adr/0065) */
    publishedAt: p.datetime(3).defaultRaw('now()'),
  },
  indexes: [
    { name: 'webhook_messages_created_brin', properties: ['createdAt'], type: 'brin' },
    {
      name: 'webhook_messages_published_idx',
      expression: 'CREATE INDEX webhook_messages_published_idx ON webhook_messages (workspace_id, published_at DESC, event_id DESC)',
    },
  ],
});

/** The projection of each delivery stream: what the list and get operations read and the dispatcher claims. */
export const WebhookDeliveryTable = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    workspaceId: p.text().primary(),
    id: p.text().primary(),
    endpoint: p
      .manyToOne(WebhookEndpointTable)
      .mapToPk()
      .joinColumns('workspace_id', 'endpoint_id')
      .updateRule('no action')
      .deleteRule('cascade')
      .foreignKeyName('webhook_deliveries_endpoint_id_fkey'),
    event: p
      .manyToOne(WebhookMessageTable)
      .mapToPk()
      .joinColumns('workspace_id', 'event_id')
      .updateRule('no action')
      .foreignKeyName('webhook_deliveries_event_id_fkey'),
    eventType: p.text(),
    status: p.text().$type<DeliveryStatus>(),
    attemptCount: p.integer(),
    attemptsInCycle: p.integer().default(0),
    attempts: p.json<StoredAttempt[]>(),
    nextAttemptAt: p.datetime(3).nullable(),
    lastStatusCode: p.integer().nullable(),
    recordedWhileDisabled: p.boolean(),
    version: p.integer(),
    createdAt: p.datetime(3),
    leaseToken: p.text().nullable(),
    leaseUntil: p.datetime(3).nullable(),
  },
  checks: [{ name: 'webhook_deliveries_status_check', expression: "status IN ('PENDING', 'SUCCEEDED', 'FAILED')" }],
  // Also answers the retention's "is this envelope still referenced" probe. Partial (always true) so that probes by
  // (workspace_id, id) cannot pick it over the primary key on a small table (migration 0023, docs/adr/0053).
  uniques: [
    {
      name: 'webhook_deliveries_once',
      expression:
        'CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (workspace_id, event_id, endpoint_id) ' +
        'WHERE event_id IS NOT NULL',
    },
  ],
  indexes: [
    {
      name: 'webhook_deliveries_list_idx',
      expression: 'CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)',
    },
    {
      name: 'webhook_deliveries_status_idx',
      expression: 'CREATE INDEX webhook_deliveries_status_idx ON webhook_deliveries (endpoint_id, status, created_at DESC, id DESC)',
    },
    { name: 'webhook_deliveries_due_idx', properties: ['endpoint', 'nextAttemptAt'], where: "status = 'PENDING'" },
    { name: 'webhook_deliveries_created_brin', properties: ['createdAt'], type: 'brin' },
  ],
});

/**
 * The event store: append-only, one stream per delivery, (delivery_id, version) unique. No foreign key to the
 * projection (docs/adr/0057): the statements that append events write or move the projection row in the same
 * statement, and the deletes of deliveries delete their events.
 */
export const WebhookDeliveryEventTable = defineEntity({
  name: 'WebhookDeliveryEvent',
  tableName: 'webhook_delivery_events',
  properties: {
    workspaceId: p.text().primary(),
    deliveryId: p.text().primary(),
    version: p.integer().primary(),
    type: p.text(),
    data: p.json<Record<string, unknown>>(),
    recordedAt: p.datetime(3).defaultRaw('clock_timestamp()'),
  },
  checks: [{ name: 'webhook_delivery_events_version_check', expression: 'version >= 1' }],
  triggers: [
    {
      name: 'webhook_delivery_events_no_update',
      timing: 'before',
      events: ['update'],
      expression: `CREATE TRIGGER webhook_delivery_events_no_update BEFORE UPDATE ON webhook_delivery_events
        FOR EACH ROW EXECUTE FUNCTION webhook_delivery_events_append_only()`,
    },
  ],
});

export const OwnerNotificationTable = defineEntity({
  name: 'OwnerNotification',
  tableName: 'owner_notifications',
  properties: {
    workspace: workspaceReference('owner_notifications').primary(),
    id: p.text().primary(),
    kind: p.text(),
    subject: p.text(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime(3),
  },
  indexes: [
    {
      name: 'owner_notifications_workspace_idx',
      expression: 'CREATE INDEX owner_notifications_workspace_idx ON owner_notifications (workspace_id, created_at DESC, id DESC)',
    },
  ],
});

export const webhooksTables = [
  WebhookEndpointTable,
  WebhookMessageTable,
  WebhookDeliveryTable,
  WebhookDeliveryEventTable,
  OwnerNotificationTable,
];
type Inferred = InferKyselyDB<(typeof webhooksTables)[number]>;
type Deliveries = Inferred['webhook_deliveries'];
/**
 * The tables as statements see them. A foreign key over (workspace_id, …) is inferred as a tuple-typed relation;
 * its columns are the plain text columns `endpoint_id` and `event_id` beside `workspace_id`.
 */
export type WebhooksDb = Omit<Inferred, 'webhook_deliveries'> & {
  webhook_deliveries: Omit<Deliveries, 'endpoint_id' | 'endpoint_workspace' | 'event_workspace' | 'event_event_id'> & {
    endpoint_id: string;
    event_id: string;
  };
};

export type EndpointRow = Selectable<WebhooksDb['webhook_endpoints']>;
export type DeliveryRow = Selectable<WebhooksDb['webhook_deliveries']>;
export const webhooks = queryBuilder<WebhooksDb>();
