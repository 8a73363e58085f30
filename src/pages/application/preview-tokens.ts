import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeClaims, encodeClaims, isExpired, splitToken, type PreviewClaims, type PreviewTokenVersion } from '../domain/preview-link.js';

/**
 * The MAC's domain separation, one per token format: a tag made for anything else, or for the other format, never
 * verifies here. Format 2 carries the page's preview epoch (docs/adr/0062); format 1 was issued before it.
 */
const CONTEXT: Record<PreviewTokenVersion, string> = { 1: 'bio-page:preview-link:v1\n', 2: 'bio-page:preview-link:v2\n' };
/** HMAC-SHA256 cut to 128 bits: 22 base64url characters. */
const TAG_BYTES = 16;
const TAG = /^[A-Za-z0-9_-]{22}$/;

/**
 * Signs and reads draft preview tokens (docs/adr/0043, 0062): `<page id>.<workspace id>.<epoch>.<expiry>.<tag>`, the tag
 * an HMAC-SHA256 under a key HKDF-derived from the service's secret key (Keyring purpose `preview-links`). Tokens of
 * the format before the epoch (`<page id>.<workspace id>.<expiry>.<tag>`) are still read, as epoch 0. No I/O.
 *
 * It signs with the first key and accepts any (the current key first, then the keys being retired,
 * SECRET_ENCRYPTION_KEY_PREVIOUS), so links outlive a rotation for as long as the old key is kept.
 */
export class PreviewTokens {
  constructor(private readonly keys: readonly Buffer[]) {
    if (keys.length === 0 || keys.some((k) => k.length < 32)) throw new Error('PreviewTokens needs keys of at least 32 bytes');
  }

  issue(claims: PreviewClaims): string {
    const signed = encodeClaims(claims);
    return `${signed}.${this.tag(this.keys[0]!, 2, signed).toString('base64url')}`;
  }

  /**
   * The claims of a token signed by one of the keys and not yet expired at `now`; null otherwise, whatever the
   * reason (malformed, too long, altered, signed by an unknown key, expired), so that no answer tells them apart.
   * Whether the page still honours the claims' epoch is the caller's check (`previewOpens`), after reading the page.
   * Length, shape and expiry are checked before any MAC is computed; tags are compared in constant time.
   */
  read(token: string, now: Date): PreviewClaims | null {
    const parts = splitToken(token);
    if (!parts || !TAG.test(parts.tag)) return null;
    const decoded = decodeClaims(parts.signed);
    if (!decoded || isExpired(decoded.claims, now)) return null;
    // Exactly the 22 characters `issue` writes decode to 16 bytes; another spelling of them is refused above.
    const given = Buffer.from(parts.tag, 'base64url');
    if (given.length !== TAG_BYTES || given.toString('base64url') !== parts.tag) return null;
    let valid = false;
    for (const key of this.keys) valid = timingSafeEqual(this.tag(key, decoded.version, parts.signed), given) || valid;
    return valid ? decoded.claims : null;
  }

  private tag(key: Buffer, version: PreviewTokenVersion, signed: string): Buffer {
    return createHmac('sha256', key).update(CONTEXT[version]).update(signed).digest().subarray(0, TAG_BYTES);
  }
}
