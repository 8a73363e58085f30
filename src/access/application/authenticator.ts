import { Injectable } from '@nestjs/common';
import { Clock } from '../../platform/time/clock.js';
import { InvalidApiKeyError } from '../domain/access.errors.js';
import { parseKeyToken, type ApiKey } from '../domain/api-key.js';
import type { Workspace } from '../domain/workspace.js';
import { ApiKeyRepository, WorkspaceRepository } from './ports/access.repositories.js';
import { tokenMatches } from './key-secrets.js';

export interface Principal {
  key: ApiKey;
  workspace: Workspace;
}

/** Resolves a presented key token to its key and workspace, or refuses with invalid_api_key. */
@Injectable()
export class Authenticator {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly clock: Clock,
  ) {}

  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw new InvalidApiKeyError('No API key was sent; use Authorization: Bearer <key> or x-api-key.');
    const parsed = parseKeyToken(token);
    const key = await this.keys.byLookupPrefix(parsed.lookupPrefix);
    if (!key || key.mode !== parsed.mode || !tokenMatches(token, key.snapshot().secretHash)) {
      throw new InvalidApiKeyError('The API key is not recognised.');
    }
    key.assertUsable(this.clock.now());
    const workspace = await this.workspaces.byId(key.workspaceId);
    if (!workspace) throw new InvalidApiKeyError('The API key is not recognised.');
    return { key, workspace };
  }
}
