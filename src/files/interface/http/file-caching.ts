/** A file's bytes never change under its id: a representation of them may be kept by anyone for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The caching headers of an answer of the public route (decisions.md, fifth round): a representation of the file
 * (200, 206, and 304 that stands for one) is cacheable and names the file's ETag; anything else, an error above
 * all (404, 416, 429, 500, 503), must not be stored by any cache and names no ETag.
 */
export function cachingHeaders(status: number, etag: string): Record<string, string> {
  return status === 200 || status === 206 || status === 304 ? { 'cache-control': IMMUTABLE, etag } : { 'cache-control': 'no-store' };
}
