import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../../platform/domain/domain-error.js';
import {
  decodeClaims,
  encodeClaims,
  isExpired,
  nextPreviewEpoch,
  PREVIEW_LINK,
  previewClaims,
  previewOpens,
  splitToken,
} from './preview-link.js';

const PAGE = 'pg_gad3X3liacH55CKkRPX3MpaV';
const WS = 'ws_Q2xX0a9dLrT1mFv7cYh3kB8e';
const NOW = new Date('2026-11-26T12:00:00.250Z');

describe('preview link rules', () => {
  it('lives a day by default, and at least as long as asked (rounded up to a whole second)', () => {
    expect(previewClaims(PAGE, WS, 0, NOW).expiresAt.toISOString()).toBe('2026-11-27T12:00:01.000Z');
    expect(previewClaims(PAGE, WS, 0, NOW, 60).expiresAt.toISOString()).toBe('2026-11-26T12:01:01.000Z');
    expect(previewClaims(PAGE, WS, 0, new Date('2026-11-26T12:00:00Z'), 60).expiresAt.toISOString()).toBe('2026-11-26T12:01:00.000Z');
  });

  it('takes expires_in from 60 seconds to 7 days, whole seconds only', () => {
    expect(() => previewClaims(PAGE, WS, 0, NOW, PREVIEW_LINK.expiresInMin)).not.toThrow();
    expect(() => previewClaims(PAGE, WS, 0, NOW, PREVIEW_LINK.expiresInMax)).not.toThrow();
    for (const bad of [59, 604_801, 0, -60, 90.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const err = (() => {
        try {
          previewClaims(PAGE, WS, 0, NOW, bad);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).errors).toEqual([{ pointer: '/expires_in', detail: expect.stringContaining('60 to 604800') }]);
    }
  });

  it('writes the claims as ids, a base-36 epoch and a base-36 expiry, and reads back exactly what it wrote', () => {
    const claims = previewClaims(PAGE, WS, 0, NOW, 3600);
    const signed = encodeClaims(claims);
    expect(signed).toMatch(/^pg_\w{24}\.ws_\w{24}\.0\.[0-9a-z]{6}$/);
    expect(decodeClaims(signed)).toEqual({ claims, version: 2 });
    const revoked = previewClaims(PAGE, WS, 1_000_000, NOW, 3600);
    expect(encodeClaims(revoked)).toMatch(/^pg_\w{24}\.ws_\w{24}\.lfls\.[0-9a-z]{6}$/);
    expect(decodeClaims(encodeClaims(revoked))).toEqual({ claims: revoked, version: 2 });
    const highest = previewClaims(PAGE, WS, PREVIEW_LINK.epochMax, NOW, 3600);
    expect(decodeClaims(encodeClaims(highest))).toEqual({ claims: highest, version: 2 });
  });

  it('reads the format issued before the epoch (three parts) as epoch 0, format 1', () => {
    const exp = Math.floor(NOW.getTime() / 1000).toString(36);
    expect(decodeClaims(`${PAGE}.${WS}.${exp}`)).toEqual({
      claims: { pageId: PAGE, workspaceId: WS, epoch: 0, expiresAt: new Date(Math.floor(NOW.getTime() / 1000) * 1000) },
      version: 1,
    });
  });

  it('takes an epoch from 0 to epochMax only, and reads it in one spelling only', () => {
    for (const bad of [-1, 1.5, PREVIEW_LINK.epochMax + 1, Number.NaN]) expect(() => previewClaims(PAGE, WS, bad, NOW)).toThrow(/epoch/);
    const exp = Math.floor(NOW.getTime() / 1000).toString(36);
    for (const epoch of ['00', '01', 'A', '-1', (PREVIEW_LINK.epochMax + 1).toString(36), '1000000', ''])
      expect(decodeClaims(`${PAGE}.${WS}.${epoch}.${exp}`)).toBeNull();
  });

  it('reads nothing but that shape', () => {
    const exp = Math.floor(NOW.getTime() / 1000).toString(36);
    for (const bad of [
      '',
      `${PAGE}.${WS}`,
      `${PAGE}.${WS}.0.${exp}.x`,
      `${PAGE}.${WS}._.${exp}`,
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

  it('opens its page only while the page is not archived and still has the epoch the link was issued under', () => {
    const claims = previewClaims(PAGE, WS, 3, NOW);
    expect(previewOpens(claims, { status: 'DRAFT', previewEpoch: 3 })).toBe(true);
    expect(previewOpens(claims, { status: 'PUBLISHED', previewEpoch: 3 })).toBe(true);
    expect(previewOpens(claims, { status: 'ARCHIVED', previewEpoch: 3 })).toBe(false);
    expect(previewOpens(claims, { status: 'PUBLISHED', previewEpoch: 4 })).toBe(false);
    expect(previewOpens(claims, { status: 'PUBLISHED', previewEpoch: 2 })).toBe(false);
    expect(nextPreviewEpoch(3)).toBe(4);
    expect(() => nextPreviewEpoch(PREVIEW_LINK.epochMax)).toThrow(/cannot pass/);
  });

  it('is usable until its expiry, not at it', () => {
    const claims = previewClaims(PAGE, WS, 0, new Date('2026-11-26T12:00:00Z'), 60);
    expect(isExpired(claims, new Date('2026-11-26T12:00:59.999Z'))).toBe(false);
    expect(isExpired(claims, new Date('2026-11-26T12:01:00Z'))).toBe(true);
  });
});
