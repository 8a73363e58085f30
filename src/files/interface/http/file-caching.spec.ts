import { describe, expect, it } from '@jest/globals';
import { cachingHeaders, IMMUTABLE } from './file-caching.js';

describe('cachingHeaders (which answers of /files/… a cache may keep)', () => {
  it('makes 200, 206 and 304 cacheable for a year, with the ETag', () => {
    for (const status of [200, 206, 304])
      expect(cachingHeaders(status, '"file_1"')).toEqual({ 'cache-control': IMMUTABLE, etag: '"file_1"' });
  });

  it('makes every other answer no-store, without an ETag', () => {
    for (const status of [204, 400, 404, 405, 416, 429, 500, 503])
      expect([status, cachingHeaders(status, '"file_1"')]).toEqual([status, { 'cache-control': 'no-store' }]);
  });
});
