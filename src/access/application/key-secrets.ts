import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../../platform/time/ids.js';
import { formatKeyToken, KEY_SECRET_LENGTH, type KeyMode } from '../domain/api-key.js';

/** Draws a new key token (40 base62 characters, ~238 bits). */
export function drawKeyToken(mode: KeyMode): string {
  return formatKeyToken(mode, randomBase62(KEY_SECRET_LENGTH));
}

/** SHA-256 is enough for high-entropy keys: there is nothing to brute-force. */
export function hashKeyToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function tokenMatches(token: string, storedHash: Uint8Array): boolean {
  const hash = hashKeyToken(token);
  return storedHash.length === hash.length && timingSafeEqual(hash, storedHash);
}
