import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../../platform/domain/domain-error.js';
import { decodeClaims, encodeClaims, isExpired, PREVIEW_LINK, previewClaims, splitToken } from './preview-link.js';

const PAGE = 'pg_gad3X3liacH55CKkRPX3MpaV';
const WS = 'ws_Q2xX0a9dLrT1mFv7cYh3kB8e';
const NOW = new Date('2026-11-26T12:00:00.250Z');

describe('preview link rules', () => {
  it('lives a day by default, and at least as long as asked (rounded up to a whole second)', () => {
    expect(previewClaims(PAGE, WS, NOW).expiresAt.toISOString()).toBe('2026-11-27T12:00:01.000Z');
    expect(previewClaims(PAGE, WS, NOW, 60).expiresAt.toISOString()).toBe('2026-11-26T12:01:01.000Z');
    expect(previewClaims(PAGE, WS, new Date('2026-11-26T12:00:00Z'), 60).expiresAt.toISOString()).toBe('2026-11-26T12:01:00.000Z');
  });

  it('takes expires_in from 60 seconds to 7 days, whole seconds only', () => {
    expect(() => previewClaims(PAGE, WS, NOW, PREVIEW_LINK.expiresInMin)).not.toThrow();
    expect(() => previewClaims(PAGE, WS, NOW, PREVIEW_LINK.expiresInMax)).not.toThrow();
    for (const bad of [59, 604_801, 0, -60, 90.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const err = (() => {
        try {
          previewClaims(PAGE, WS, NOW, bad);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).errors).toEqual([{ pointer: '/expires_in', detail: expect.stringContaining('60 to 604800') }]);
    }
  });

  it('writes the claims as ids and a base-36 expiry, and reads back exactly what it wrote', () => {
    const claims = previewClaims(PAGE, WS, NOW, 3600);
    const signed = encodeClaims(claims);
    expect(signed).toMatch(/^pg_\w{24}\.ws_\w{24}\.[0-9a-z]{6}$/);
    expect(decodeClaims(signed)).toEqual(claims);
  });

  it('reads nothing but that shape', () => {
    const exp = Math.floor(NOW.getTime() / 1000).toString(36);
    for (const bad of [
      '',
      `${PAGE}.${WS}`,
      `${PAGE}.${WS}.${exp}.x`,
      `${PAGE}..${exp}`,
      `${PAGE}.${WS}.${exp.toUpperCase()}`,
      `${PAGE}.${WS}.-1`,
      `${PAGE}.${WS}.${'z'.repeat(10)}`,
      `${'a'.repeat(65)}.${WS}.${exp}`,
      `pg-x.${WS}.${exp}`,
    ])
      expect(decodeClaims(bad)).toBeNull();
  });

  it('refuses a token by its text before any MAC: too long, outside base64url and dots, or without a tag', () => {
    expect(splitToken('a.b.c.tag')).toEqual({ signed: 'a.b.c', tag: 'tag' });
    expect(splitToken('x'.repeat(PREVIEW_LINK.tokenMaxLength - 4) + '.tag')).not.toBeNull();
    expect(splitToken('x'.repeat(PREVIEW_LINK.tokenMaxLength - 3) + '.tag')).toBeNull();
    for (const bad of ['', 'notag', '.tag', 'a.b.', 'a.b c.tag', 'a/b.tag', 'a%2eb.tag', 'a.b.c.t=g', 'ä.b.c.tag'])
      expect(splitToken(bad)).toBeNull();
  });

  it('is usable until its expiry, not at it', () => {
    const claims = previewClaims(PAGE, WS, new Date('2026-11-26T12:00:00Z'), 60);
    expect(isExpired(claims, new Date('2026-11-26T12:00:59.999Z'))).toBe(false);
    expect(isExpired(claims, new Date('2026-11-26T12:01:00Z'))).toBe(true);
  });
});
