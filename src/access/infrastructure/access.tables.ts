import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';

/**
 * The access context's tables (docs/adr/0027). `workspaces` is the tenant root: the other contexts' tables
 * reference it by a plain `workspace_id` column with a cascading foreign key, declared against this definition.
 */
/**
 * The triggers that move the access epoch when a row of `table` really changes or goes, at commit (migration
 * 0008). The truncate triggers (statement level) are not compared by MikroORM and so are not listed.
 */
const accessEpochTriggers = (table: 'workspaces' | 'api_keys') => [
  {
    name: `${table}_access_epoch_update`,
    timing: 'after' as const,
    events: ['update' as const],
    expression: `CREATE CONSTRAINT TRIGGER ${table}_access_epoch_update AFTER UPDATE ON ${table}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_access_epoch()`,
  },
  {
    name: `${table}_access_epoch_delete`,
    timing: 'after' as const,
    events: ['delete' as const],
    expression: `CREATE CONSTRAINT TRIGGER ${table}_access_epoch_delete AFTER DELETE ON ${table}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_access_epoch()`,
  },
];

export const WorkspaceTable = defineEntity({
  name: 'Workspace',
  tableName: 'workspaces',
  properties: {
    id: p.text().primary(),
    name: p.text(),
    plan: p.text(),
    createdAt: p.datetime(3),
    updatedAt: p.datetime(3),
  },
  checks: [{ name: 'workspaces_plan_check', expression: "plan IN ('free', 'creator', 'pro')" }],
  triggers: accessEpochTriggers('workspaces'),
});

/** A cascading reference to the tenant root, as every workspace-owned table declares it. */
export const workspaceReference = (table: string) =>
  p.manyToOne(WorkspaceTable).mapToPk().deleteRule('cascade').foreignKeyName(`${table}_workspace_id_fkey`);

export const ApiKeyTable = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.text().primary(),
    workspace: workspaceReference('api_keys'),
    mode: p.text(),
    lookupPrefix: p.text().unique('api_keys_lookup_prefix_key'),
    secretHash: p.blob(),
    scopes: p.array(),
    expiresAt: p.datetime(3).nullable(),
    revokedAt: p.datetime(3).nullable(),
    createdAt: p.datetime(3),
  },
  checks: [{ name: 'api_keys_mode_check', expression: "mode IN ('live', 'test')" }],
  indexes: [
    { name: 'api_keys_workspace_idx', expression: 'CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id, created_at DESC)' },
  ],
  triggers: accessEpochTriggers('api_keys'),
});

/** One counter that moves whenever a key or a workspace changes or goes (docs/adr/0020). */
export const AccessEpochTable = defineEntity({
  name: 'AccessEpoch',
  tableName: 'access_epoch',
  properties: {
    singleton: p.boolean().primary().default(true),
    epoch: p.bigint('string'),
  },
  checks: [{ name: 'access_epoch_singleton_check', expression: 'singleton' }],
});

export const accessTables = [WorkspaceTable, ApiKeyTable, AccessEpochTable];
export type AccessDb = InferKyselyDB<(typeof accessTables)[number]>;

/** A `workspaces` row as a statement selecting every column returns it. */
export type WorkspaceRow = Selectable<AccessDb['workspaces']>;
/** An `api_keys` row as a statement selecting every column returns it. */
export type ApiKeyRow = Selectable<AccessDb['api_keys']>;
export const access = queryBuilder<AccessDb>();
