// What the API key may do, told by the API itself: any response to a recognised key carries its scopes
// (X-Api-Key-Scopes) and mode (X-Api-Key-Mode), the OpenAPI document the server reads at start included. No request
// is made to find out, so the service's log shows none.
import type { Operation } from './openapi.js';

export interface KeyAccess {
  scopes: ReadonlySet<string>;
  /** a test-mode key: the API refuses it every write */
  test: boolean;
}

/** The API refused the key itself (invalid, revoked, expired): no tool could work. */
export class KeyRefusedError extends Error {}

/** What the API told of the key in a response's headers, or null when it did not recognise the key. */
export function keyAccessFrom(headers: { get(name: string): string | null }): KeyAccess | null {
  const scopes = headers.get('x-api-key-scopes');
  const mode = headers.get('x-api-key-mode');
  if (scopes === null || mode === null) return null;
  return {
    scopes: new Set(
      scopes
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean),
    ),
    test: mode === 'test',
  };
}

/** Whether to offer `op`'s tool: its scope is held, and a test key only reads. */
export function offers(op: Operation, key: KeyAccess): boolean {
  return key.scopes.has(op.scope) && (!key.test || op.method === 'GET');
}
