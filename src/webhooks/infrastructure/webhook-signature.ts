// Standard Webhooks signatures, with nothing but node:crypto: the service's deliveries sign with it, and so does
// `bio-page listen` (src/listen/), which runs without the application (no Nest, no database).
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/** A new endpoint signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith('whsec_')) throw new Error('a signing secret starts with whsec_');
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

/**
 * The HMAC keys of signing secrets, made once for many signatures (an HMAC keyed with a KeyObject skips
 * turning raw key bytes into a key on every call, most of the cost of signing a small body).
 */
export function signingKeys(secrets: readonly string[]): KeyObject[] {
  return secrets.map((s) => createSecretKey(keyOf(s)));
}

/**
 * The Standard Webhooks headers for one delivery: `webhook-signature` holds one `v1,<base64>` entry per
 * active secret (two during a rotation overlap), each HMAC-SHA256 over `<id>.<timestamp>.<raw body>`.
 * The secrets come as `whsec_` strings or as their `signingKeys`.
 */
export function signatureHeaders(
  secrets: readonly (string | KeyObject)[],
  id: string,
  timestampSeconds: number,
  rawBody: string,
): Record<string, string> {
  if (secrets.length === 0) throw new Error('at least one signing secret is needed');
  const content = `${id}.${timestampSeconds}.${rawBody}`;
  const entries = secrets.map(
    (s) =>
      `v1,${createHmac('sha256', typeof s === 'string' ? keyOf(s) : s)
        .update(content)
        .digest('base64')}`,
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': entries.join(' '),
  };
}
