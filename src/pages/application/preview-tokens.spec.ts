import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Keyring } from '../../platform/config/keyring.js';
import { previewClaims } from '../domain/preview-link.js';
import { PreviewTokens } from './preview-tokens.js';

const PAGE = 'pg_gad3X3liacH55CKkRPX3MpaV';
const WS = 'ws_Q2xX0a9dLrT1mFv7cYh3kB8e';
const MADE = new Date('2026-11-26T12:00:00Z');
const SOON = new Date('2026-11-26T12:00:30Z');
const current = new Keyring(Buffer.alloc(32, 1));
const tokens = new PreviewTokens(current.deriveAll('preview-links'));
const token = tokens.issue(previewClaims(PAGE, WS, 0, MADE, 60));

/** `token` with one character of `part` (0: page, 1: workspace, 2: epoch, 3: expiry, 4: tag) changed to another. */
function altered(part: number, at = 4): string {
  const parts = token.split('.');
  const p = parts[part]!;
  const i = Math.min(at, p.length - 1);
  parts[part] = p.slice(0, i) + (p[i] === 'A' ? 'B' : 'A') + p.slice(i + 1);
  return parts.join('.');
}

describe('preview tokens', () => {
  it('are URL-safe and short: ids, a base-36 epoch, a base-36 expiry and a 22-character tag', () => {
    expect(token).toMatch(/^pg_\w{24}\.ws_\w{24}\.0\.[0-9a-z]{6}\.[A-Za-z0-9_-]{22}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(token.length).toBeLessThanOrEqual(90);
  });

  it('read back as the page, the workspace and the expiry they were signed with', () => {
    expect(tokens.read(token, SOON)).toEqual({ pageId: PAGE, workspaceId: WS, epoch: 0, expiresAt: new Date('2026-11-26T12:01:00Z') });
    const later = tokens.issue(previewClaims(PAGE, WS, 41, MADE, 60));
    expect(tokens.read(later, SOON)).toEqual({ pageId: PAGE, workspaceId: WS, epoch: 41, expiresAt: new Date('2026-11-26T12:01:00Z') });
  });

  it('stop working at their expiry', () => {
    expect(tokens.read(token, new Date('2026-11-26T12:00:59.999Z'))).not.toBeNull();
    expect(tokens.read(token, new Date('2026-11-26T12:01:00Z'))).toBeNull();
    expect(tokens.read(token, new Date('2026-12-26T12:00:00Z'))).toBeNull();
  });

  it('refuse any change: of the page, the workspace, the epoch, the expiry or the tag', () => {
    for (const part of [0, 1, 3, 4]) expect(tokens.read(altered(part), SOON)).toBeNull();
    const [p, w, epoch, exp, tag] = token.split('.');
    // A later epoch (a link made to outlive a revocation), or a later expiry, re-encoded by hand, is not signed.
    expect(epoch).toBe('0');
    expect(tokens.read(`${p}.${w}.1.${exp}.${tag}`, SOON)).toBeNull();
    expect(tokens.read(`${p}.${w}.${epoch}.${(Math.floor(MADE.getTime() / 1000) + 7 * 86_400).toString(36)}.${tag}`, SOON)).toBeNull();
    // Another page under the same tag.
    expect(tokens.read(`pg_AAAAAAAAAAAAAAAAAAAAAAAA.${w}.${epoch}.${exp}.${tag}`, SOON)).toBeNull();
    // The epoch left out: the same tag does not pass for a token of the format before the epoch.
    expect(tokens.read(`${p}.${w}.${exp}.${tag}`, SOON)).toBeNull();
  });

  it('still read links issued before the epoch (format 1, its own MAC context) as epoch 0; its tag never passes for format 2', () => {
    const exp = Math.floor(MADE.getTime() / 1000 + 60).toString(36);
    const [key] = current.deriveAll('preview-links');
    const v1Tag = createHmac('sha256', key!).update(`bio-page:preview-link:v1\n${PAGE}.${WS}.${exp}`).digest().subarray(0, 16);
    const v1 = `${PAGE}.${WS}.${exp}.${v1Tag.toString('base64url')}`;
    expect(tokens.read(v1, SOON)).toEqual({ pageId: PAGE, workspaceId: WS, epoch: 0, expiresAt: new Date('2026-11-26T12:01:00Z') });
    expect(tokens.read(v1, new Date('2026-11-26T12:01:00Z'))).toBeNull();
    expect(tokens.read(`${PAGE}.${WS}.0.${exp}.${v1Tag.toString('base64url')}`, SOON)).toBeNull();
    // And a format-2 tag over the same three parts is no format-1 token.
    const v2Tag = createHmac('sha256', key!).update(`bio-page:preview-link:v2\n${PAGE}.${WS}.${exp}`).digest().subarray(0, 16);
    expect(tokens.read(`${PAGE}.${WS}.${exp}.${v2Tag.toString('base64url')}`, SOON)).toBeNull();
  });

  it('refuse a tag that is not exactly the 22 characters written: cut, padded or spelled another way', () => {
    const tag = token.split('.')[4]!;
    const body = token.slice(0, token.length - tag.length);
    expect(tokens.read(body + tag.slice(0, 21), SOON)).toBeNull();
    expect(tokens.read(`${body}${tag}A`, SOON)).toBeNull();
    expect(tokens.read(`${body}${tag}==`, SOON)).toBeNull();
    // The last base64url character carries 4 spare bits: another character with the same 2 leading bits decodes to the
    // same bytes, and must still be refused.
    const last = tag[21]!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[(alphabet.indexOf(last) & 0b110000) | ((alphabet.indexOf(last) + 1) & 0b001111)]!;
    expect(twin).not.toBe(last);
    expect(tokens.read(body + tag.slice(0, 21) + twin, SOON)).toBeNull();
  });

  it('refuse tokens signed under another secret key, or for another purpose', () => {
    const other = new PreviewTokens(new Keyring(Buffer.alloc(32, 2)).deriveAll('preview-links'));
    expect(other.read(token, SOON)).toBeNull();
    const cursorKeyed = new PreviewTokens(current.deriveAll('cursor'));
    expect(cursorKeyed.read(token, SOON)).toBeNull();
  });

  it('outlive a rotation of the secret key while the old key is kept as a previous one, and die when it is dropped', () => {
    const rotated = new Keyring(Buffer.alloc(32, 3), [Buffer.alloc(32, 1)]);
    const afterRotation = new PreviewTokens(rotated.deriveAll('preview-links'));
    expect(afterRotation.read(token, SOON)).toEqual(tokens.read(token, SOON));
    // New links are signed with the new key only.
    const fresh = afterRotation.issue(previewClaims(PAGE, WS, 0, MADE, 60));
    expect(tokens.read(fresh, SOON)).toBeNull();
    expect(new PreviewTokens(new Keyring(Buffer.alloc(32, 3)).deriveAll('preview-links')).read(token, SOON)).toBeNull();
  });

  it('refuse text that cannot be a token before computing anything', () => {
    for (const bad of ['', 'x', `${token}.`, `.${token}`, `${token}/x`, token.replace(/\./g, '%2E'), 'a'.repeat(10_000)])
      expect(tokens.read(bad, SOON)).toBeNull();
  });
});
