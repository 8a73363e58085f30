import { describe, expect, it } from '@jest/globals';
import { ApiKey, formatKeyToken, keyHint, parseKeyToken, resolveScopes } from './api-key.js';
import { SCOPES } from './scope.js';

const secret = 'A'.repeat(12) + 'b'.repeat(28);
const now = new Date('2026-11-22T10:00:00.000Z');
const later = (s: number) => new Date(now.getTime() + s * 1000);

function key(overrides: Partial<Parameters<typeof ApiKey.issue>[0]> = {}) {
  return ApiKey.issue({
    id: 'key_1',
    workspaceId: 'ws_1',
    mode: 'live',
    token: formatKeyToken('live', secret),
    secretHash: new Uint8Array([1, 2, 3]),
    scopes: undefined,
    expiresAt: null,
    now,
    ...overrides,
  });
}

describe('key tokens', () => {
  it('parses live and test tokens and derives the non-secret lookup prefix', () => {
    expect(parseKeyToken(`bp_live_${secret}`)).toEqual({ mode: 'live', lookupPrefix: 'bp_live_AAAAAAAAAAAA', token: `bp_live_${secret}` });
    expect(parseKeyToken(`bp_test_${secret}`).mode).toBe('test');
  });

  it.each([
    '',
    'bp_live_',
    `bp_prod_${secret}`,
    `xx_live_${secret}`,
    `bp_live_${secret}x`,
    `bp_live_${secret.slice(1)}-`,
    `bp_live_${secret} `,
  ])('refuses the malformed token %j as invalid_api_key', (token) => {
    expect(() => parseKeyToken(token)).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
  });
});

describe('scopes at issue', () => {
  it('grants every scope, publish included, when none are named', () => {
    expect(resolveScopes(undefined)).toEqual([...SCOPES]);
    expect(resolveScopes([])).toContain('publish');
  });

  it('grants publish only when named', () => {
    expect(resolveScopes(['pages:write', 'pages:read'])).toEqual(['pages:read', 'pages:write']);
    expect(resolveScopes(['publish'])).toEqual(['publish']);
  });

  it('refuses unknown scopes', () => {
    expect(() => resolveScopes(['pages:read', 'root'])).toThrow(/Unknown scope/);
  });
});

describe('ApiKey', () => {
  it('is usable until it expires', () => {
    const k = key({ expiresAt: later(60) });
    expect(() => k.assertUsable(later(59))).not.toThrow();
    expect(() => k.assertUsable(later(60))).toThrow(/expired/);
  });

  it('may be created already expired', () => {
    expect(() => key({ expiresAt: later(-1) }).assertUsable(now)).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
  });

  it('is unusable once revoked, and cannot be revoked twice', () => {
    const k = key();
    k.revoke(later(1));
    expect(k.snapshot().revokedAt).toEqual(later(1));
    expect(() => k.assertUsable(later(2))).toThrow(/revoked/);
    expect(() => k.revoke(later(3))).toThrow(/already revoked/);
  });

  it('lets a test key read but not write', () => {
    const k = key({ mode: 'test', token: formatKeyToken('test', secret) });
    expect(() => k.assertMayPerform({ write: false })).not.toThrow();
    expect(() => k.assertMayPerform({ write: true })).toThrow(expect.objectContaining({ code: 'test_key_read_only' }));
    expect(() => key().assertMayPerform({ write: true })).not.toThrow();
  });

  it('checks granted scopes', () => {
    const k = key({ scopes: ['contacts:read'] });
    expect(() => k.assertGranted('contacts:read')).not.toThrow();
    expect(() => k.assertGranted('files:read')).toThrow(expect.objectContaining({ code: 'insufficient_scope' }));
  });

  it('refuses a token whose mode differs from the key mode', () => {
    expect(() => key({ mode: 'test' })).toThrow();
  });
});

describe('keyHint', () => {
  it('names a key by its brand, mode and last four characters, and nothing else of its secret', () => {
    const token = `bp_live_${'a'.repeat(36)}WXyz`;
    expect(keyHint(parseKeyToken(token))).toBe('bp_live_…WXyz');
    expect(keyHint(parseKeyToken(`bp_test_${'b'.repeat(36)}0123`))).toBe('bp_test_…0123');
  });
});
