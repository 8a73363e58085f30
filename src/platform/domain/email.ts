import { findInvisible } from './invisible-characters.js';

/**
 * A practical e-mail check (what a sign-up form needs), not full RFC 5322. Returns the normalised address.
 * Spaces, tabs and line breaks around it are trimmed; an address holding any control, bidirectional-formatting
 * or invisible character (docs/adr/0061) is not valid.
 */
export function normaliseEmail(value: string): string | null {
  const trimmed = value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (findInvisible(trimmed, 'address')) return null;
  const email = trimmed.toLowerCase();
  if (email.length < 3 || email.length > 254) return null;
  if (!/^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(email)) return null;
  const local = email.slice(0, email.indexOf('@'));
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  return email;
}
