import { Injectable } from '@nestjs/common';
import { prepared, sql, type Slots, type Statement } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { ApiKey, type KeyMode } from '../domain/api-key.js';
import type { Plan } from '../domain/plan.js';
import type { Scope } from '../domain/scope.js';
import { Workspace } from '../domain/workspace.js';
import {
  ApiKeyRepository,
  PrincipalLookup,
  WorkspaceRepository,
  type ListingPage,
  type PrincipalRecord,
  type WorkspaceListing,
} from '../application/ports/access.repositories.js';
import { access, type ApiKeyRow, type WorkspaceRow } from './access.tables.js';

// `plan`, `mode` and `scopes` are text columns whose values only the domain wrote (and the schema checks).
function toWorkspace(row: WorkspaceRow): Workspace {
  return Workspace.restore({
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/**
 * Moves the access epoch (docs/adr/0020): every process empties its key cache before its next admission. In the
 * changing transaction, by the application: on one PostgreSQL the triggers of migration 0008 move it as well (and
 * catch changes made by hand in SQL); on a cluster sharded with Citus those triggers cannot run on the reference
 * tables' placements and are dropped (docs/operations.md), and this is what moves it (docs/adr/0053).
 */
async function moveAccessEpoch(db: Sql): Promise<void> {
  await db.all(access.updateTable('access_epoch').set((eb) => ({ epoch: sql<string>`${eb.ref('epoch')} + 1` })));
}

/**
 * Saves a key or a workspace: `insert` (doing nothing on conflict) writes a new row, which no cache holds yet;
 * otherwise `change` updates the row only when a value differs, and then the access epoch moves, in one transaction.
 */
async function insertOrChange(db: Sql, insert: Statement<{ id: string }>, change: Statement<{ id: string }>): Promise<void> {
  await db.transaction(async () => {
    if ((await db.all(insert)).length > 0) return;
    if ((await db.all(change)).length > 0) await moveAccessEpoch(db);
  });
}

@Injectable()
export class SqlWorkspaceRepository extends WorkspaceRepository {
  constructor(private readonly db: Sql) {
    super();
  }

  async byId(id: string): Promise<Workspace | null> {
    const row = await this.db.one(access.selectFrom('workspaces').selectAll().where('id', '=', id));
    return row ? toWorkspace(row) : null;
  }

  async save(workspace: Workspace): Promise<void> {
    const s = workspace.snapshot();
    await insertOrChange(
      this.db,
      access
        .insertInto('workspaces')
        .values({ id: s.id, name: s.name, plan: s.plan, created_at: s.createdAt, updated_at: s.updatedAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id'),
      access
        .updateTable('workspaces')
        .set({ name: s.name, plan: s.plan, updated_at: s.updatedAt })
        .where('id', '=', s.id)
        .where(sql<boolean>`(name, plan, updated_at) IS DISTINCT FROM (${s.name}::text, ${s.plan}::text, ${s.updatedAt}::timestamptz)`)
        .returning('id'),
    );
  }

  async count(): Promise<number> {
    const row = await this.db.one(access.selectFrom('workspaces').select((eb) => eb.fn.countAll<string>().as('n')));
    return Number(row?.n ?? 0);
  }

  async list(page: ListingPage, now: Date): Promise<WorkspaceListing[]> {
    let query = access
      .selectFrom('workspaces as w')
      .selectAll('w')
      .select([
        sql<string>`(SELECT count(*) FROM api_keys k WHERE k.workspace_id = w.id)`.as('key_count'),
        sql<string>`(SELECT count(*) FROM api_keys k WHERE k.workspace_id = w.id
          AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ${now}::timestamptz))`.as('active_key_count'),
      ])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(page.limit);
    if (page.after !== undefined)
      query = query.where(sql<boolean>`(w.created_at, w.id) < (SELECT created_at, id FROM workspaces WHERE id = ${page.after})`);
    const rows = await this.db.all(query);
    return rows.map((row) => ({ workspace: toWorkspace(row), keys: Number(row.key_count), activeKeys: Number(row.active_key_count) }));
  }

  async oldestNamed(name: string): Promise<Workspace | null> {
    const row = await this.db.one(
      access.selectFrom('workspaces').selectAll().where('name', '=', name).orderBy('created_at').orderBy('id').limit(1),
    );
    return row ? toWorkspace(row) : null;
  }
}

function toKey(row: ApiKeyRow): ApiKey {
  return ApiKey.restore({
    id: row.id,
    workspaceId: row.workspace_id,
    mode: row.mode as KeyMode,
    lookupPrefix: row.lookup_prefix,
    secretHash: new Uint8Array(row.secret_hash),
    scopes: row.scopes as Scope[],
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  });
}

@Injectable()
export class SqlApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly db: Sql) {
    super();
  }

  async byId(id: string): Promise<ApiKey | null> {
    const row = await this.db.one(access.selectFrom('api_keys').selectAll().where('id', '=', id));
    return row ? toKey(row) : null;
  }

  async listByWorkspace(workspaceId: string, page: ListingPage): Promise<ApiKey[]> {
    let query = access
      .selectFrom('api_keys')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit);
    if (page.after !== undefined)
      query = query.where(
        sql<boolean>`(created_at, id) < (SELECT created_at, id FROM api_keys WHERE id = ${page.after} AND workspace_id = ${workspaceId})`,
      );
    return (await this.db.all(query)).map(toKey);
  }

  async save(key: ApiKey): Promise<void> {
    const s = key.snapshot();
    await insertOrChange(
      this.db,
      access
        .insertInto('api_keys')
        .values({
          id: s.id,
          workspace_id: s.workspaceId,
          mode: s.mode,
          lookup_prefix: s.lookupPrefix,
          secret_hash: Buffer.from(s.secretHash),
          scopes: s.scopes, // text[]: the driver sends the array as a PostgreSQL array
          expires_at: s.expiresAt,
          revoked_at: s.revokedAt,
          created_at: s.createdAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id'),
      access
        .updateTable('api_keys')
        .set({ scopes: s.scopes, expires_at: s.expiresAt, revoked_at: s.revokedAt })
        .where('id', '=', s.id)
        .where(
          sql<boolean>`(scopes, expires_at, revoked_at)
            IS DISTINCT FROM (${s.scopes}::text[], ${s.expiresAt}::timestamptz, ${s.revokedAt}::timestamptz)`,
        )
        .returning('id'),
    );
  }
}

/** The key, its workspace and the access epoch in one statement (one snapshot), compiled once (docs/adr/0027). */
const principalByLookupPrefix = prepared((p: Slots<{ prefix: string }>) =>
  access
    .selectFrom('api_keys as k')
    .innerJoin('workspaces as w', 'w.id', 'k.workspace_id')
    .selectAll('k')
    .select((eb) => [
      'w.name as ws_name',
      'w.plan as ws_plan',
      'w.created_at as ws_created_at',
      'w.updated_at as ws_updated_at',
      eb.selectFrom('access_epoch').select('epoch').as('epoch'),
    ])
    .where('k.lookup_prefix', '=', p.prefix),
);

@Injectable()
export class SqlPrincipalLookup extends PrincipalLookup {
  constructor(private readonly db: Sql) {
    super();
  }

  async byLookupPrefix(prefix: string): Promise<PrincipalRecord | null> {
    const row = await this.db.one(principalByLookupPrefix({ prefix }));
    if (!row) return null;
    const workspace = toWorkspace({
      id: row.workspace_id,
      name: row.ws_name,
      plan: row.ws_plan,
      created_at: row.ws_created_at,
      updated_at: row.ws_updated_at,
    });
    return { key: toKey(row), workspace, epoch: Number(row.epoch) };
  }

  async currentEpoch(): Promise<number> {
    const row = await this.db.one(currentEpoch({}));
    return Number(row?.epoch ?? 0);
  }
}

/** The access epoch alone: what a response held open reads to learn whether any key or plan changed. */
const currentEpoch = prepared(() => access.selectFrom('access_epoch').select('epoch'));
