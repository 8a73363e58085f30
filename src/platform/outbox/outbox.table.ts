import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import { queryBuilder } from '../database/query-builder.js';

/** The transactional outbox (docs/adr/0027): integration events written with the state change they announce. */
export const OutboxTable = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    seq: p.bigint('string').primary().autoincrement(),
    eventId: p.text().unique('outbox_event_id_key'),
    workspaceId: p.text(),
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
  indexes: [
    { name: 'outbox_pending_idx', properties: ['seq'], where: 'processed_at IS NULL' },
    { name: 'outbox_processed_idx', properties: ['processedAt'], where: 'processed_at IS NOT NULL' },
  ],
  triggers: [
    {
      name: 'outbox_notify',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: 'CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()',
    },
  ],
});

export type OutboxDb = InferKyselyDB<typeof OutboxTable>;
export const outbox = queryBuilder<OutboxDb>();
