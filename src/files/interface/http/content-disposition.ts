/**
 * A file name as an RFC 8187 `ext-value`: percent-encoded UTF-8 where `encodeURIComponent` leaves the
 * characters that are not `attr-char` (`'`, `(`, `)`, `*`) as they are.
 */
export function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
