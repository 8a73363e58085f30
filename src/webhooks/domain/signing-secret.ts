import { ValidationError } from '../../platform/domain/domain-error.js';

/** The prefix of a signing secret (Standard Webhooks): the base64 of the HMAC key follows it. */
export const SIGNING_SECRET_PREFIX = 'whsec_';
/** The HMAC key a caller may choose is 24 to 64 bytes long (192 to 512 bits), as Svix accepts. */
export const SIGNING_SECRET_MIN_BYTES = 24;
export const SIGNING_SECRET_MAX_BYTES = 64;

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The decoded length of canonical standard base64 (the `+/` alphabet, padded with `=` to a multiple of four, no
 * whitespace, the unused bits of the last digit zero, so that one key has one spelling), or null for anything else.
 */
export function canonicalBase64Length(text: string): number | null {
  if (!BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (padding > 0) {
    const last = BASE64_DIGITS.indexOf(text[text.length - padding - 1]);
    if ((last & (padding === 2 ? 0b1111 : 0b11)) !== 0) return null;
  }
  return (text.length / 4) * 3 - padding;
}

/**
 * A signing secret a caller brings (creating an endpoint, rotating its secret): `whsec_` followed by the standard
 * base64 of 24..64 bytes. Anything else is a 400 at `/secret`; the detail never repeats the value.
 */
export function checkSigningSecret(raw: unknown): string {
  const detail =
    `secret must be ${SIGNING_SECRET_PREFIX} followed by the standard base64 (with = padding) of ` +
    `${SIGNING_SECRET_MIN_BYTES} to ${SIGNING_SECRET_MAX_BYTES} bytes`;
  if (typeof raw !== 'string' || !raw.startsWith(SIGNING_SECRET_PREFIX)) throw ValidationError.field('/secret', detail);
  const bytes = canonicalBase64Length(raw.slice(SIGNING_SECRET_PREFIX.length));
  if (bytes === null) throw ValidationError.field('/secret', detail);
  if (bytes < SIGNING_SECRET_MIN_BYTES || bytes > SIGNING_SECRET_MAX_BYTES)
    throw ValidationError.field('/secret', `${detail}; this one decodes to ${bytes} bytes`);
  return raw;
}
