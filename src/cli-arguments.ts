// Parsers and shared wording of the operator CLI's argument values, and how a listing says there is a next page.
import { InvalidArgumentError } from 'commander';
import { listingLimit, OPERATOR_LISTING } from './access/domain/operator-listing.js';

export const cents = (value: string): number => {
  if (!/^\d{1,15}$/.test(value)) throw new InvalidArgumentError('must be a whole number of cents');
  return Number(value);
};
export const instant = (value: string): Date => {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(d.getTime())) throw new InvalidArgumentError('must be an ISO 8601 instant');
  return d;
};
export const pageSize = (value: string): number => {
  const n = listingLimit(value);
  if (n === null) throw new InvalidArgumentError(`must be a whole number from 1 to ${OPERATOR_LISTING.max}`);
  return n;
};
export const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const WORKSPACE = 'the workspace id (ws_…)';
export const LIMIT = `how many to print, 1 to ${OPERATOR_LISTING.max} (default ${OPERATOR_LISTING.default})`;

/** Says on stderr how to get the next page when a listing printed a full one (stdout stays one JSON array). */
export function nextPage<T extends { id: string }>(items: T[], limit: number, what: string): T[] {
  if (items.length === limit && items.length > 0)
    process.stderr.write(`${items.length} ${what} printed, newest first; there may be more: --after ${items.at(-1)!.id}\n`);
  return items;
}

/** A URL option's value, which must be http or https. */
export function httpUrl(value: string, option: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`${option} must be an http or https URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError(`${option} must be an http or https URL`);
  return url;
}
