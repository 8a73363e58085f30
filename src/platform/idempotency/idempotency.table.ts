import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import { queryBuilder } from '../database/query-builder.js';

/** Idempotency keys (docs/adr/0027): the lease of a request in flight, then its stored outcome for 24 h. */
export const IdempotencyKeyTable = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    workspaceId: p.text().primary(),
    mode: p.text().primary(),
    key: p.text().primary(),
    fingerprint: p.text(),
    ownerToken: p.text(),
    state: p.text().$type<'in_flight' | 'done'>(),
    responseStatus: p.integer().nullable(),
    responseBody: p.json<unknown>().nullable(),
    responseHeaders: p.json<Record<string, string>>().nullable(),
    createdAt: p.datetime(3).defaultRaw('now()'),
    leaseExpiresAt: p.datetime(3),
  },
  checks: [{ name: 'idempotency_keys_state_check', expression: "state IN ('in_flight', 'done')" }],
  indexes: [{ name: 'idempotency_keys_created_idx', properties: ['createdAt'] }],
});

export type IdempotencyDb = InferKyselyDB<typeof IdempotencyKeyTable>;
export const idempotency = queryBuilder<IdempotencyDb>();
