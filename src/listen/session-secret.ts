import { createHmac } from 'node:crypto';

/**
 * The signing secret of `bio-page listen` for an API key: `whsec_` + base64 of HMAC-SHA256(key, "bio-page listen v1").
 * Derived, not drawn: the same key gives the same secret on every run and every machine, so that a local receiver
 * configured once keeps verifying, and `--print-secret` can tell it to a script. It reveals nothing of the key.
 */
export function sessionSecret(apiKey: string): string {
  return `whsec_${createHmac('sha256', apiKey).update('bio-page listen v1').digest('base64')}`;
}
