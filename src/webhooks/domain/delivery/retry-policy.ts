import { ValidationError } from '../../../platform/domain/domain-error.js';

/** The retry ladder and the pure rules the decider applies to attempts and replays. */

export interface RetryPolicy {
  /** attempts per ladder cycle */
  maxAttempts: number;
  /** delay in seconds after failed attempt 1, 2, …; a short list reuses its last entry */
  delaysSeconds: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 8,
  delaysSeconds: Object.freeze([30, 120, 600, 3600, 14400, 43200, 86400]),
});

/** The policy for a configured ladder (`WEBHOOK_RETRY_DELAYS`), or the default when none is configured. */
export function retryPolicyFrom(delaysSeconds: readonly number[] | undefined): RetryPolicy {
  if (!delaysSeconds) return DEFAULT_RETRY_POLICY;
  if (delaysSeconds.length === 0 || !delaysSeconds.every((d) => Number.isFinite(d) && d >= 0)) {
    throw new Error('a retry ladder needs at least one non-negative delay');
  }
  return { maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts, delaysSeconds: [...delaysSeconds] };
}

export const JITTER_FRACTION = 0.2;
export const ERROR_MAX_LENGTH = 500;
export const REPLAY_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** Only a 2xx response counts as delivered; 1xx, 3xx (redirects are not followed), 4xx and 5xx are failures. */
export function isSuccess(statusCode: number | null): statusCode is number {
  return statusCode !== null && Number.isInteger(statusCode) && statusCode >= 200 && statusCode <= 299;
}

/** Bounds an error summary to 500 characters (ending in `…` when cut), never splitting a surrogate pair. */
export function truncateError(s: string): string {
  if (s.length <= ERROR_MAX_LENGTH) return s;
  let end = ERROR_MAX_LENGTH - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…`;
}

/**
 * Seconds to wait after the `failedAttemptNumberInCycle`-th failed attempt of a cycle (1-based), with
 * ±20% jitter: base * (1 + 0.2 * jitter). Jitter outside [-1, 1] (or NaN) is clamped (NaN counts as 0).
 */
export function retryDelaySeconds(failedAttemptNumberInCycle: number, jitter: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  const ladder = policy.delaysSeconds;
  if (ladder.length === 0) throw new Error('the retry ladder is empty');
  if (!Number.isInteger(failedAttemptNumberInCycle) || failedAttemptNumberInCycle < 1)
    throw new RangeError('failed attempt numbers start at 1');
  const base = ladder[Math.min(failedAttemptNumberInCycle, ladder.length) - 1]!;
  const j = Number.isNaN(jitter) ? 0 : Math.max(-1, Math.min(1, jitter));
  return base * (1 + JITTER_FRACTION * j);
}

/** Validates a replay's `since`: at most 30 days before `now` (400 with pointer `/since` otherwise). */
export function checkReplaySince(since: Date, now: Date): void {
  if (Number.isNaN(since.getTime())) throw ValidationError.field('/since', 'since must be an RFC 3339 date-time with an offset');
  if (now.getTime() - since.getTime() > REPLAY_WINDOW_MS) throw ValidationError.field('/since', 'since must be within the last 30 days');
}
