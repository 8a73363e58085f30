// What the API key may do, found out without side effects. The API admits a request in this order (docs/adr/0006):
// the key (401 invalid_api_key), the burst rate limit (429), the plan (403 feature_not_enabled), a test key on a write
// (403 test_key_read_only), the scope (403 insufficient_scope); only then it validates the input (400), before
// idempotency, quota and the operation itself. So a deliberately invalid request changes nothing, spends no quota,
// and answers 400 when the key may make it.
import type { ApiClient, ApiRequest, ApiResponse } from './api-client.js';
import type { Operation } from './openapi.js';

/** held; not held; or not found out (no invalid request could be built, or only a write, which a test key never passes) */
export type ScopeAccess = 'granted' | 'missing' | 'unknown';

export interface KeyAccess {
  scopes: Map<string, ScopeAccess>;
  /** a test-mode key: the API refuses it every write */
  test: boolean;
}

/** The API refused the key itself (invalid, plan without API access, rate limited): no tool could work. */
export class KeyRefusedError extends Error {}

const placeholders = (op: Operation) => op.path.replace(/\{[^}]+\}/g, 'probe'); // never reached: validation fails first

/** A read that fails validation: a non-integer value for an integer query parameter. */
function readProbe(op: Operation): ApiRequest | undefined {
  const integer = op.params.find((p) => p.in === 'query' && p.schema?.type === 'integer');
  if (op.method !== 'GET' || !integer) return undefined;
  return { method: op.method, path: `${placeholders(op)}?${encodeURIComponent(integer.name)}=x` };
}

/** A write that fails validation: the JSON body `[]` (bodies are objects). */
const writeProbe = (op: Operation): ApiRequest | undefined =>
  op.method !== 'GET' && op.body ? { method: op.method, path: placeholders(op), body: [] } : undefined;

const first = (ops: Operation[], probe: (op: Operation) => ApiRequest | undefined) =>
  ops.map(probe).find((request) => request !== undefined);

/** The probe for `scope`: a read when the scope has one (it tells the scope whatever the key's mode), else a write. */
export function probeFor(ops: Operation[], scope: string): ApiRequest | undefined {
  const mine = ops.filter((op) => op.scope === scope);
  return first(mine, readProbe) ?? first(mine, writeProbe);
}

/** The probe for the key's mode: any write, which a test key is refused before its scope is looked at. */
export const modeProbeFor = (ops: Operation[]): ApiRequest | undefined => first(ops, writeProbe);

type Answer = 'valid' | 'insufficient_scope' | 'test_key_read_only';

/** What the API said to a probe; anything but the three expected answers refuses the key. */
export function answerOf(response: ApiResponse): Answer {
  const problem = (response.body ?? {}) as { code?: unknown; detail?: unknown };
  if (response.status === 400 && problem.code === 'invalid_request') return 'valid';
  if (response.status === 403 && (problem.code === 'insufficient_scope' || problem.code === 'test_key_read_only')) return problem.code;
  const said = typeof problem.code === 'string' ? ` ${problem.code}${typeof problem.detail === 'string' ? `: ${problem.detail}` : ''}` : '';
  throw new KeyRefusedError(`the API refused the key (HTTP ${response.status}${said})`);
}

export async function probeKey(api: ApiClient, ops: Operation[]): Promise<KeyAccess> {
  const sent = new Map<string, Promise<Answer>>(); // the same request once, e.g. the mode probe is also a scope's
  const ask = (request: ApiRequest) => {
    const id = JSON.stringify(request);
    if (!sent.has(id)) sent.set(id, api.send(request).then(answerOf));
    return sent.get(id)!;
  };
  const scopes = [...new Set(ops.map((op) => op.scope))];
  const modeProbe = modeProbeFor(ops);
  const [mode, ...answers] = await Promise.all([
    modeProbe ? ask(modeProbe) : undefined,
    ...scopes.map((scope) => {
      const probe = probeFor(ops, scope);
      return probe ? ask(probe) : undefined;
    }),
  ]);
  const access = (answer: Answer | undefined): ScopeAccess =>
    answer === 'valid' ? 'granted' : answer === 'insufficient_scope' ? 'missing' : 'unknown';
  return { scopes: new Map(scopes.map((scope, i) => [scope, access(answers[i])])), test: mode === 'test_key_read_only' };
}

/** Whether to offer `op`'s tool: its scope is held (or could not be found out), and a test key only reads. */
export function offers(op: Operation, key: KeyAccess): boolean {
  return (key.scopes.get(op.scope) ?? 'unknown') !== 'missing' && (!key.test || op.method === 'GET');
}
