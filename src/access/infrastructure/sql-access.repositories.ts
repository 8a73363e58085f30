import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { ApiKey, type KeyMode } from '../domain/api-key.js';
import type { Plan } from '../domain/plan.js';
import type { Scope } from '../domain/scope.js';
import { Workspace } from '../domain/workspace.js';
import { ApiKeyRepository, PrincipalLookup, WorkspaceRepository, type PrincipalRecord } from '../application/ports/access.repositories.js';

interface WorkspaceRow {
  id: string;
  name: string;
  plan: Plan;
  created_at: Date;
  updated_at: Date;
}

function toWorkspace(row: WorkspaceRow): Workspace {
  return Workspace.restore({
    id: row.id,
    name: row.name,
    plan: row.plan,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}

@Injectable()
export class SqlWorkspaceRepository extends WorkspaceRepository {
  constructor(private readonly sql: Sql) {
    super();
  }

  async byId(id: string): Promise<Workspace | null> {
    const row = await this.sql.one<WorkspaceRow>(`SELECT id, name, plan, created_at, updated_at FROM workspaces WHERE id = ?`, [id]);
    return row ? toWorkspace(row) : null;
  }

  async save(workspace: Workspace): Promise<void> {
    const s = workspace.snapshot();
    await this.sql.all(
      `INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, plan = EXCLUDED.plan, updated_at = EXCLUDED.updated_at`,
      [s.id, s.name, s.plan, s.createdAt, s.updatedAt],
    );
  }

  async count(): Promise<number> {
    const row = await this.sql.one<{ n: string }>(`SELECT count(*) AS n FROM workspaces`);
    return Number(row?.n ?? 0);
  }
}

interface ApiKeyRow {
  id: string;
  workspace_id: string;
  mode: KeyMode;
  lookup_prefix: string;
  secret_hash: Buffer;
  scopes: Scope[];
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const KEY_COLUMNS = 'id, workspace_id, mode, lookup_prefix, secret_hash, scopes, expires_at, revoked_at, created_at';
const date = (d: Date | null) => (d ? new Date(d) : null);

function toKey(row: ApiKeyRow): ApiKey {
  return ApiKey.restore({
    id: row.id,
    workspaceId: row.workspace_id,
    mode: row.mode,
    lookupPrefix: row.lookup_prefix,
    secretHash: new Uint8Array(row.secret_hash),
    scopes: row.scopes,
    expiresAt: date(row.expires_at),
    revokedAt: date(row.revoked_at),
    createdAt: new Date(row.created_at),
  });
}

@Injectable()
export class SqlApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly sql: Sql) {
    super();
  }

  async byId(id: string): Promise<ApiKey | null> {
    const row = await this.sql.one<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`, [id]);
    return row ? toKey(row) : null;
  }

  async listByWorkspace(workspaceId: string): Promise<ApiKey[]> {
    const rows = await this.sql.all<ApiKeyRow>(
      `SELECT ${KEY_COLUMNS} FROM api_keys WHERE workspace_id = ? ORDER BY created_at DESC, id DESC`,
      [workspaceId],
    );
    return rows.map(toKey);
  }

  async save(key: ApiKey): Promise<void> {
    const s = key.snapshot();
    await this.sql.all(
      `INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?::text[], ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET scopes = EXCLUDED.scopes, expires_at = EXCLUDED.expires_at, revoked_at = EXCLUDED.revoked_at`,
      [
        s.id,
        s.workspaceId,
        s.mode,
        s.lookupPrefix,
        Buffer.from(s.secretHash),
        `{${s.scopes.join(',')}}`,
        s.expiresAt,
        s.revokedAt,
        s.createdAt,
      ],
    );
  }
}

/** The key, its workspace and the access epoch in one statement (one snapshot). */
@Injectable()
export class SqlPrincipalLookup extends PrincipalLookup {
  constructor(private readonly sql: Sql) {
    super();
  }

  async byLookupPrefix(prefix: string): Promise<PrincipalRecord | null> {
    const row = await this.sql.one<ApiKeyRow & { ws_name: string; ws_plan: Plan; ws_created_at: Date; ws_updated_at: Date; epoch: string }>(
      `SELECT ${KEY_COLUMNS.split(', ')
        .map((c) => `k.${c}`)
        .join(', ')},
              w.name AS ws_name, w.plan AS ws_plan, w.created_at AS ws_created_at, w.updated_at AS ws_updated_at,
              (SELECT epoch FROM access_epoch) AS epoch
         FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
        WHERE k.lookup_prefix = ?`,
      [prefix],
    );
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
}
