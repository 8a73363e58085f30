import { ValidationError } from '../../platform/domain/domain-error.js';
import { InsufficientScopeError, InvalidApiKeyError, KeyAlreadyRevokedError, TestKeyReadOnlyError } from './access.errors.js';
import { isScope, SCOPES, type Scope } from './scope.js';

export const KEY_BRAND = 'bp';
export type KeyMode = 'live' | 'test';

/** Length of the random part of a key, and of its non-secret lookup prefix. */
export const KEY_SECRET_LENGTH = 40;
export const KEY_LOOKUP_LENGTH = 12;

const TOKEN = new RegExp(`^${KEY_BRAND}_(live|test)_([0-9A-Za-z]{${KEY_SECRET_LENGTH}})$`);

/** The parts of a presented key token; `lookupPrefix` is not secret and finds the stored record. */
export interface ParsedKeyToken {
  mode: KeyMode;
  lookupPrefix: string;
  token: string;
}

/** Parses `bp_live_<40 base62>` / `bp_test_<40 base62>`; anything else is a malformed key. */
export function parseKeyToken(token: string): ParsedKeyToken {
  const match = TOKEN.exec(token);
  if (!match) throw new InvalidApiKeyError('The API key is malformed.');
  const mode = match[1] as KeyMode;
  return { mode, lookupPrefix: `${KEY_BRAND}_${mode}_${match[2]!.slice(0, KEY_LOOKUP_LENGTH)}`, token };
}

/**
 * How a refusal names a presented key without repeating it: its brand and mode, then its last four characters
 * (`bp_live_…wxyz`), as Stripe names a refused key. Nothing else of the secret.
 */
export function keyHint(token: ParsedKeyToken): string {
  return `${KEY_BRAND}_${token.mode}_…${token.token.slice(-4)}`;
}

/** Builds the token for a freshly drawn random secret. */
export function formatKeyToken(mode: KeyMode, secret: string): string {
  return `${KEY_BRAND}_${mode}_${secret}`;
}

/**
 * Scopes for a new key. With none named, a key gets all of them; `publish` is granted only when named or
 * when no scopes are named at all.
 */
export function resolveScopes(requested: readonly string[] | undefined): Scope[] {
  if (!requested || requested.length === 0) return [...SCOPES];
  const unknown = requested.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw ValidationError.parameter('scopes', `Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}.`);
  }
  return [...new Set(requested as Scope[])].sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b));
}

export interface ApiKeyState {
  id: string;
  workspaceId: string;
  mode: KeyMode;
  lookupPrefix: string;
  secretHash: Uint8Array;
  scopes: Scope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** An API key. The plaintext token exists only at issue time; the record holds its hash. */
export class ApiKey {
  private constructor(private state: ApiKeyState) {}

  static issue(input: {
    id: string;
    workspaceId: string;
    mode: KeyMode;
    token: string;
    secretHash: Uint8Array;
    scopes: readonly string[] | undefined;
    expiresAt: Date | null;
    now: Date;
  }): ApiKey {
    const parsed = parseKeyToken(input.token);
    if (parsed.mode !== input.mode) throw new Error('token mode does not match key mode');
    return new ApiKey({
      id: input.id,
      workspaceId: input.workspaceId,
      mode: input.mode,
      lookupPrefix: parsed.lookupPrefix,
      secretHash: input.secretHash,
      scopes: resolveScopes(input.scopes),
      expiresAt: input.expiresAt,
      revokedAt: null,
      createdAt: input.now,
    });
  }

  static restore(state: ApiKeyState): ApiKey {
    return new ApiKey({ ...state, scopes: [...state.scopes] });
  }

  get id(): string {
    return this.state.id;
  }
  get mode(): KeyMode {
    return this.state.mode;
  }
  get scopes(): readonly Scope[] {
    return this.state.scopes;
  }
  /** the key's public part (`bp_live_` and 12 characters), shown in listings and logs */
  get lookupPrefix(): string {
    return this.state.lookupPrefix;
  }

  snapshot(): Readonly<ApiKeyState> {
    return { ...this.state, scopes: [...this.state.scopes] };
  }

  /** Refuses a revoked or expired key (the caller has already matched the secret hash); `named`: as the refusal names it. */
  assertUsable(now: Date, named = 'The API key'): void {
    if (this.state.revokedAt) throw new InvalidApiKeyError(`${named} has been revoked.`);
    if (this.state.expiresAt && this.state.expiresAt.getTime() <= now.getTime()) {
      throw new InvalidApiKeyError(`${named} has expired.`);
    }
  }

  /** A test-mode key may only read. */
  assertMayPerform(operation: { write: boolean }): void {
    if (operation.write && this.state.mode === 'test') throw new TestKeyReadOnlyError();
  }

  assertGranted(scope: Scope): void {
    if (!this.state.scopes.includes(scope)) throw new InsufficientScopeError(scope);
  }

  revoke(now: Date): void {
    if (this.state.revokedAt) throw new KeyAlreadyRevokedError();
    this.state = { ...this.state, revokedAt: now };
  }
}
