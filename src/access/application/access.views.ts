import type { ApiKey } from '../domain/api-key.js';
import type { Workspace } from '../domain/workspace.js';
import type { WorkspaceListing } from './ports/access.repositories.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface WorkspaceView {
  id: string;
  name: string;
  plan: string;
  created_at: string;
  updated_at: string;
}

export function workspaceView(ws: Workspace): WorkspaceView {
  const s = ws.snapshot();
  return { id: s.id, name: s.name, plan: s.plan, created_at: iso(s.createdAt)!, updated_at: iso(s.updatedAt)! };
}

export interface WorkspaceListingView extends WorkspaceView {
  /** every key issued for it, revoked and expired ones included */
  key_count: number;
  /** the keys that work now: neither revoked nor expired */
  active_key_count: number;
}

export function workspaceListingView(listing: WorkspaceListing): WorkspaceListingView {
  return { ...workspaceView(listing.workspace), key_count: listing.keys, active_key_count: listing.activeKeys };
}

export interface ApiKeyView {
  id: string;
  workspace_id: string;
  mode: string;
  prefix: string;
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** A key as the operator sees it: never the secret, only the non-secret lookup prefix. */
export function apiKeyView(key: ApiKey): ApiKeyView {
  const s = key.snapshot();
  return {
    id: s.id,
    workspace_id: s.workspaceId,
    mode: s.mode,
    prefix: s.lookupPrefix,
    scopes: [...s.scopes],
    expires_at: iso(s.expiresAt),
    revoked_at: iso(s.revokedAt),
    created_at: iso(s.createdAt)!,
  };
}
