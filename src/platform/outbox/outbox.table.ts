import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import { queryBuilder } from '../database/query-builder.js';

/** The transactional outbox (docs/adr/0027): integration events written with the state change they announce. */
export const OutboxTable = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    workspaceId: p.text().primary(),
    seq: p.bigint('string').primary().autoincrement(),
    eventId: p.text(),
    type: p.text(),
    payload: p.json<{ data: unknown }>(),
    createdAt: p.datetime(3).defaultRaw('now()'),
    processedAt: p.datetime(3).nullable(),
    availableAt: p.datetime(3).defaultRaw('now()'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    /** the W3C traceparent of the change that wrote the row (docs/adr/0054); null when tracing is off */
    traceparent: p.text().nullable(),
  },
  // Partial (always true) so the relay's claim by (workspace_id, seq) cannot pick it (migration 0023, docs/adr/0053).
  uniques: [
    {
      name: 'outbox_event_id_key',
      expression: 'CREATE UNIQUE INDEX outbox_event_id_key ON outbox (workspace_id, event_id) WHERE event_id IS NOT NULL',
    },
  ],
  indexes: [
    { name: 'outbox_pending_idx', properties: ['seq'], where: 'processed_at IS NULL' },
    { name: 'outbox_pending_ws_idx', properties: ['workspaceId', 'seq'], where: 'processed_at IS NULL' },
    { name: 'outbox_processed_idx', properties: ['processedAt'], where: 'processed_at IS NOT NULL' },
  ],
});

export type OutboxDb = InferKyselyDB<typeof OutboxTable>;
export const outbox = queryBuilder<OutboxDb>();
