import { describe, expect, it } from '@jest/globals';
import { FileStoreOutage, isStoreUnavailable } from './file-store-outage.js';

const answered = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });

describe('the file store outage', () => {
  it('tells an unreachable or failing store from an answer about the request', () => {
    expect(isStoreUnavailable(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('x'), { cause: Object.assign(new Error('y'), { code: 'ETIMEDOUT' }) }))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('slow'), { name: 'TimeoutError' }))).toBe(true);
    expect(isStoreUnavailable(answered('SlowDown', 503))).toBe(true);
    expect(isStoreUnavailable(answered('InternalError', 500))).toBe(true);
    expect(isStoreUnavailable(answered('NotImplemented', 501))).toBe(false);
    expect(isStoreUnavailable(answered('NoSuchKey', 404))).toBe(false);
    expect(isStoreUnavailable(answered('AccessDenied', 403))).toBe(false);
  });

  it('logs an outage once when it starts and once when it ends, with its length and failures', () => {
    const lines: string[] = [];
    let now = 1_000;
    const outage = new FileStoreOutage(
      { warn: (_f: unknown, m: string) => lines.push(`warn ${m}`), log: (f: unknown) => lines.push(`info ${JSON.stringify(f)}`) } as never,
      () => now,
    );
    outage.reachable();
    outage.failed('get', new Error('down'));
    outage.failed('get', new Error('down'));
    now += 2_500;
    expect(outage.isDown).toBe(true);
    outage.reachable();
    outage.reachable();
    expect(lines).toEqual([expect.stringMatching(/^warn File store unreachable/), 'info {"down_seconds":2.5,"failures":2}']);
  });
});
