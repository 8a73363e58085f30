import type { BurstDecision } from '../../../platform/rate-limit/fixed-window.js';
import type { ApiKey } from '../../domain/api-key.js';
import type { Workspace } from '../../domain/workspace.js';

/** A page of an operator listing, newest first: at most `limit` items, those after the item `after` (its id). */
export interface ListingPage {
  limit: number;
  after?: string;
}

/** A workspace as the operator lists it: with how many API keys it has, and how many of them still work. */
export interface WorkspaceListing {
  workspace: Workspace;
  keys: number;
  activeKeys: number;
}

/** Port: workspaces. Abstract class = the port and its DI token. */
export abstract class WorkspaceRepository {
  abstract byId(id: string): Promise<Workspace | null>;
  abstract save(workspace: Workspace): Promise<void>;
  abstract count(): Promise<number>;
  /** Newest first (`after` names a workspace that exists). */
  abstract list(page: ListingPage, now: Date): Promise<WorkspaceListing[]>;
  /** The oldest workspace of this name, if any (the demo workspace the first start created). */
  abstract oldestNamed(name: string): Promise<Workspace | null>;
}

/** Port: API keys (authentication reads them through PrincipalLookup). */
export abstract class ApiKeyRepository {
  abstract byId(id: string): Promise<ApiKey | null>;
  /** Newest first (`after` names a key of this workspace). */
  abstract listByWorkspace(workspaceId: string, page: ListingPage): Promise<ApiKey[]>;
  abstract save(key: ApiKey): Promise<void>;
}

/** What authenticating a key reads at once: the key, its workspace, and the access epoch both were read at. */
export interface PrincipalRecord {
  key: ApiKey;
  workspace: Workspace;
  epoch: number;
}

/** Port: a key and its workspace in one read, by the key's non-secret lookup prefix. */
export abstract class PrincipalLookup {
  abstract byLookupPrefix(prefix: string): Promise<PrincipalRecord | null>;
  /** The access epoch now: it moves whenever a key or a workspace's plan changes, anywhere. */
  abstract currentEpoch(): Promise<number>;
}

/** One request presented for admission: it counts against its key's burst window. */
export interface AdmissionTicket {
  keyId: string;
  workspaceId: string;
  /** the quota period (`YYYY-MM`) whose usage is reported */
  period: string;
}

export interface Admission {
  burst: BurstDecision;
  /** monthly units the workspace has used in the ticket's period */
  quotaUsed: number;
  /** the access epoch at admission; a cached principal from an older epoch must be read again */
  epoch: number;
}

/**
 * Port: counts a request against its key's burst limit (shared by every API process) and reads, in the
 * same round trip, the workspace's quota usage and the access epoch.
 */
export abstract class AdmissionGate {
  abstract admit(ticket: AdmissionTicket): Promise<Admission>;
}
