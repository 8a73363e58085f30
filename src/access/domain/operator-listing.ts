/**
 * How much one operator listing (`workspace list`, `key list` in the CLI) prints: a page of at most `max` items,
 * `default` unless asked; the next page starts after the last item printed (`--after <id>`).
 */
export const OPERATOR_LISTING = { default: 100, max: 1000 } as const;

/** A page size as the operator typed it: a whole number from 1 to the maximum, or null when it is not one. */
export function listingLimit(value: string): number | null {
  if (!/^\d{1,7}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= OPERATOR_LISTING.max ? n : null;
}
