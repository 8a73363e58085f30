import { describe, expect, it } from '@jest/globals';
import { safeUrl } from './html.js';

describe('safeUrl', () => {
  it('keeps http(s) URLs and same-origin paths', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('/files/f_1/report.pdf')).toBe('/files/f_1/report.pdf');
  });

  it('refuses what a browser would turn into another site: control characters, protocol-relative, backslashes', () => {
    for (const raw of [
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r/evil.com',
      '//evil.com',
      '/\\evil.com',
      'javascript:alert(1)',
      'https://ex\tample.com/',
    ])
      expect([raw, safeUrl(raw)]).toEqual([raw, null]);
  });
});
