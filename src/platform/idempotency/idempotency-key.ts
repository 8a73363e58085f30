import { createHash } from 'node:crypto';
import { ValidationError } from '../domain/domain-error.js';

/**
 * Parses an `Idempotency-Key` header: 1..255 printable ASCII characters, either a bare token or the same
 * as an RFC 9651 quoted string (`"abc"`, with `\"` and `\\` escapes). Both spellings give the same key.
 */
export function parseIdempotencyKey(header: string): string {
  let key = header;
  if (header.length >= 2 && header.startsWith('"') && header.endsWith('"')) {
    const inner = header.slice(1, -1);
    if (/(^|[^\\])"/.test(inner) || /\\[^"\\]/.test(inner) || inner.replace(/\\\\/g, '').endsWith('\\')) {
      throw invalid();
    }
    key = inner.replace(/\\(["\\])/g, '$1');
  }
  if (key.length < 1 || key.length > 255 || !/^[\x20-\x7e]+$/.test(key)) throw invalid();
  return key;
}

const invalid = () =>
  ValidationError.parameter(
    'Idempotency-Key',
    'The Idempotency-Key header must be 1 to 255 printable ASCII characters (optionally as a quoted string).',
  );

/** JSON with object keys sorted at every depth, so key order never changes a fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Fingerprint of a request: method, path (without query) and the canonical JSON of the parsed body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const path = url.split('?')[0];
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('base64url');
}
