import { describe, expect, it } from '@jest/globals';
import { canonicalJson, parseIdempotencyKey, requestFingerprint } from './idempotency-key.js';

describe('parseIdempotencyKey', () => {
  it('treats bare and quoted spellings as the same key', () => {
    expect(parseIdempotencyKey('order-42')).toBe('order-42');
    expect(parseIdempotencyKey('"order-42"')).toBe('order-42');
    expect(parseIdempotencyKey('"say \\"hi\\""')).toBe('say "hi"');
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
  });

  it.each(['', '""', 'x'.repeat(256), 'tab\there', 'caf\u00e9', '"unterminated\\"', '"a"b"', '"bad \\n escape"'])('refuses %j', (raw) => {
    expect(() => parseIdempotencyKey(raw)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });
});

describe('fingerprints', () => {
  it('ignore key order and the query string', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(requestFingerprint('post', '/v1/pages?x=1', { title: 'A', theme: 'b' })).toBe(
      requestFingerprint('POST', '/v1/pages', { theme: 'b', title: 'A' }),
    );
  });

  it('differ by method, path and body', () => {
    const f = requestFingerprint('POST', '/v1/pages', { title: 'A' });
    expect(requestFingerprint('PATCH', '/v1/pages', { title: 'A' })).not.toBe(f);
    expect(requestFingerprint('POST', '/v1/pages/x', { title: 'A' })).not.toBe(f);
    expect(requestFingerprint('POST', '/v1/pages', { title: 'B' })).not.toBe(f);
    expect(requestFingerprint('POST', '/v1/pages', undefined)).toBe(requestFingerprint('POST', '/v1/pages', null));
  });
});
