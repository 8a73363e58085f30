import { describe, expect, it } from '@jest/globals';
import { faviconIco, robotsTxt } from './site-files.js';

describe("the site's own files", () => {
  it('robots.txt lets crawlers read the live pages and nothing of the API, previews or redirects', () => {
    const lines = robotsTxt('/p').split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining(['Allow: /p/', 'Disallow: /v1/', 'Disallow: /preview/', 'Disallow: /r/', 'Disallow: /p/*/r/']),
    );
    expect(robotsTxt('')).toContain('Allow: /\n');
  });

  it('the favicon is an ICO file holding one 32×32 PNG', () => {
    const ico = faviconIco();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([32, 32]);
    const size = ico.readUInt32LE(14);
    const offset = ico.readUInt32LE(18);
    expect(offset + size).toBe(ico.length);
    expect(ico.subarray(offset, offset + 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(ico.length).toBeLessThan(2048);
  });
});
