import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_RETRY_POLICY,
  delayMs,
  isRetrySafe,
  retryAfterMs,
  verdictOnNetworkError,
  verdictOnResponse,
} from '../../clients/typescript/src/retry.js';

const headers = (retryAfter?: string) => new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter });

/** The SDK's retry rules (ADR 0046), as pure functions of the answer, the method and the key. */
describe('the SDK retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs(' 10 ')).toBe(10_000);
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(retryAfterMs('Thu, 26 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it('sends again only what cannot act twice: safe methods, and any request with an Idempotency-Key', () => {
    expect(isRetrySafe('GET', null)).toBe(true);
    expect(isRetrySafe('POST', 'k')).toBe(true);
    expect(isRetrySafe('PATCH', null)).toBe(false);
    expect(isRetrySafe('DELETE', null)).toBe(false);
    expect(verdictOnNetworkError('PATCH', null)).toEqual({ kind: 'done' });
    expect(verdictOnNetworkError('POST', 'k')).toEqual({ kind: 'retry', retryAfterMs: null });
  });

  it('retries 408, 429 and 503 for any method, another 5xx only when safe, and nothing else', () => {
    for (const status of [408, 429, 503]) {
      expect(verdictOnResponse(status, headers('2'), 'PATCH', null)).toEqual({ kind: 'retry', retryAfterMs: 2000 });
    }
    expect(verdictOnResponse(500, headers(), 'GET', null)).toEqual({ kind: 'retry', retryAfterMs: null });
    expect(verdictOnResponse(502, headers(), 'POST', 'k')).toEqual({ kind: 'retry', retryAfterMs: null });
    expect(verdictOnResponse(500, headers(), 'PATCH', null)).toEqual({ kind: 'done' });
    for (const status of [200, 201, 400, 401, 403, 404, 413, 422])
      expect(verdictOnResponse(status, headers('1'), 'GET', null).kind).toBe('done');
  });

  it('waits out a 409 in progress, and hands every other 409 to the caller', () => {
    expect(verdictOnResponse(409, headers('1'), 'POST', 'k', 'idempotency_request_in_progress')).toEqual({
      kind: 'wait',
      retryAfterMs: 1000,
    });
    expect(verdictOnResponse(409, headers(), 'PATCH', null, 'stale_snapshot')).toEqual({ kind: 'done' });
    expect(verdictOnResponse(409, headers(), 'POST', 'k')).toEqual({ kind: 'done' });
  });

  it("backs off exponentially with jitter in the upper half, capped, or follows the server's Retry-After", () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect([0, 1, 2, 3, 4, 5].map((retry) => delayMs({ retryAfterMs: null }, retry, policy, 0.999_999))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(delayMs({ retryAfterMs: null }, 0, policy, 0)).toBe(250);
    expect(delayMs({ retryAfterMs: 0 }, 3, policy, 0.9)).toBe(0);
    expect(delayMs({ retryAfterMs: 2000 }, 0, policy, 0)).toBe(2000);
    expect(delayMs({ retryAfterMs: 2000 }, 0, policy, 0.5)).toBe(2100); // up to 10% more, so that clients spread out
    expect(delayMs({ retryAfterMs: 60_000 }, 0, policy, 0.999_999)).toBe(61_000); // at most 1 s more
  });
});
