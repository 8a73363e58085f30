import type { ApiKey } from '../../domain/api-key.js';
import type { Workspace } from '../../domain/workspace.js';

/** Port: workspaces. Abstract class = the port and its DI token. */
export abstract class WorkspaceRepository {
  abstract byId(id: string): Promise<Workspace | null>;
  abstract save(workspace: Workspace): Promise<void>;
  abstract count(): Promise<number>;
}

/** Port: API keys, found by their non-secret lookup prefix. */
export abstract class ApiKeyRepository {
  abstract byId(id: string): Promise<ApiKey | null>;
  abstract byLookupPrefix(prefix: string): Promise<ApiKey | null>;
  abstract listByWorkspace(workspaceId: string): Promise<ApiKey[]>;
  abstract save(key: ApiKey): Promise<void>;
}
