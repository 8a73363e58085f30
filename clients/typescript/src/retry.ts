/**
 * When a request is sent again, and after how long. Pure functions of the answer (or its absence), the request's
 * method and key, and what the call has already spent: the client's loop in `client.ts` applies them.
 */

/** The retry bounds of a client (all overridable per call except `maxRetryWaitMs`). */
export interface RetryPolicy {
  /** retries of a call after a failure (network error, time-out, 408, 429, 5xx); default 2 */
  maxRetries: number;
  /** total time one call may spend waiting between its attempts (back-off and `Retry-After`); default 60 000 ms */
  maxRetryWaitMs: number;
  /** the first back-off; it doubles on each retry, with jitter; default 500 ms */
  initialRetryDelayMs: number;
  /** the largest back-off between two attempts (a `Retry-After` may ask for more); default 8 000 ms */
  maxRetryDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  maxRetryWaitMs: 60_000,
  initialRetryDelayMs: 500,
  maxRetryDelayMs: 8_000,
};

/**
 * What an attempt's outcome means for the call:
 * - `retry`: a failure that a retry may fix, counted against `maxRetries`;
 * - `wait`: the same Idempotency-Key is still running on the server (409 `idempotency_request_in_progress`): wait for
 *   it with the same key; not counted against `maxRetries`, only against `maxRetryWaitMs`;
 * - `done`: hand the outcome to the caller.
 */
export type Verdict = { kind: 'done' } | { kind: 'retry' | 'wait'; retryAfterMs: number | null };

/** A method that may be sent twice without acting twice: safe ones, and any request carrying an Idempotency-Key. */
export function isRetrySafe(method: string, idempotencyKey: string | null): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || idempotencyKey !== null;
}

/** Milliseconds from a `Retry-After` value (delay-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The verdict on an answer. 408, 429 and 503 say the server did not act, so any method is sent again; another 5xx
 * may come after the work began, so only a retry-safe request is. A 409 with `idempotency_request_in_progress` is
 * waited out with the same key. `code` is the problem's code (read only for a 409).
 */
export function verdictOnResponse(status: number, headers: Headers, method: string, idempotencyKey: string | null, code?: string): Verdict {
  const after = retryAfterMs(headers.get('retry-after'));
  if (status === 409) return code === 'idempotency_request_in_progress' ? { kind: 'wait', retryAfterMs: after } : { kind: 'done' };
  if (status === 408 || status === 429 || status === 503) return { kind: 'retry', retryAfterMs: after };
  if (status >= 500 && isRetrySafe(method, idempotencyKey)) return { kind: 'retry', retryAfterMs: after };
  return { kind: 'done' };
}

/** The verdict on an attempt that got no answer (refused, reset, timed out). */
export function verdictOnNetworkError(method: string, idempotencyKey: string | null): Verdict {
  return isRetrySafe(method, idempotencyKey) ? { kind: 'retry', retryAfterMs: null } : { kind: 'done' };
}

/**
 * How long to wait before the next attempt: the server's `Retry-After` when it gave one (plus up to 10% of jitter,
 * at most 1 s, so that clients limited together do not all come back in the same millisecond), else an exponential
 * back-off from `initialRetryDelayMs`, capped at `maxRetryDelayMs`, with jitter in its upper half (as stripe-node).
 * `retry` is 0 for the first retry. `random` is in [0, 1).
 */
export function delayMs(verdict: { retryAfterMs: number | null }, retry: number, policy: RetryPolicy, random = Math.random()): number {
  if (verdict.retryAfterMs !== null) return Math.round(verdict.retryAfterMs + random * Math.min(1000, verdict.retryAfterMs / 10));
  const base = Math.min(policy.maxRetryDelayMs, policy.initialRetryDelayMs * 2 ** retry);
  return Math.round(base * (0.5 + random / 2));
}
