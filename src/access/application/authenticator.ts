import { Injectable } from '@nestjs/common';
import { Clock } from '../../platform/time/clock.js';
import { InvalidApiKeyError } from '../domain/access.errors.js';
import { ApiKey, keyHint, parseKeyToken, type ApiKeyState } from '../domain/api-key.js';
import { Workspace, type WorkspaceState } from '../domain/workspace.js';
import { PrincipalLookup } from './ports/access.repositories.js';
import { hashKeyToken, tokenMatches } from './key-secrets.js';

export interface Principal {
  key: ApiKey;
  workspace: Workspace;
  /** the access epoch the key and workspace were read at */
  epoch: number;
}

interface Cached {
  key: Readonly<ApiKeyState>;
  workspace: Readonly<WorkspaceState>;
  epoch: number;
}

/** Keys remembered per process; past this the oldest is forgotten. */
const CACHE_LIMIT = 10_000;

/**
 * Resolves a presented key token to its key and workspace, or refuses with invalid_api_key.
 *
 * Keys that authenticated are remembered in memory by their token's SHA-256, with the access epoch they
 * were read at. The admission statement every request runs reads the current epoch; when it has moved
 * (a key revoked, a plan changed, anywhere), the guard asks again with `atLeastEpoch` and the key is read
 * from the database (docs/adr/0020). Unknown or wrong tokens are never remembered.
 */
@Injectable()
export class Authenticator {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly lookup: PrincipalLookup,
    private readonly clock: Clock,
  ) {}

  async authenticate(token: string | undefined, atLeastEpoch?: number): Promise<Principal> {
    if (!token) throw new InvalidApiKeyError('No API key was sent; use Authorization: Bearer <key> or x-api-key.');
    const parsed = parseKeyToken(token);
    const digest = hashKeyToken(token).toString('base64');
    let hit = this.cache.get(digest);
    if (hit && atLeastEpoch !== undefined && hit.epoch < atLeastEpoch) {
      this.forgetOlderThan(atLeastEpoch);
      hit = undefined;
    }
    let principal: Principal;
    if (hit) {
      principal = { key: ApiKey.restore({ ...hit.key }), workspace: Workspace.restore({ ...hit.workspace }), epoch: hit.epoch };
    } else {
      const found = await this.lookup.byLookupPrefix(parsed.lookupPrefix);
      if (!found || found.key.mode !== parsed.mode || !tokenMatches(token, found.key.snapshot().secretHash)) {
        throw new InvalidApiKeyError(`The API key ${keyHint(parsed)} is not recognised.`);
      }
      principal = found;
      this.remember(digest, { key: found.key.snapshot(), workspace: found.workspace.snapshot(), epoch: found.epoch });
    }
    principal.key.assertUsable(this.clock.now(), `The API key ${keyHint(parsed)}`);
    return principal;
  }

  private remember(digest: string, entry: Cached): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(digest, entry);
  }

  private forgetOlderThan(epoch: number): void {
    for (const [digest, entry] of this.cache) if (entry.epoch < epoch) this.cache.delete(digest);
  }
}
