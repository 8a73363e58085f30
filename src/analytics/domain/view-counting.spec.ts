import { describe, expect, it } from '@jest/globals';
import { admitByAddress, uncountedReason, type AddressWindow, type ViewRequest } from './view-counting.js';

const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const get = (extra: Partial<ViewRequest> = {}): ViewRequest => ({ method: 'GET', userAgent: browser, ...extra });

describe('uncountedReason', () => {
  it('counts a plain page load, with or without the fetch metadata of a modern browser', () => {
    expect(uncountedReason(get())).toBeNull();
    expect(uncountedReason(get({ fetchDest: 'document' }))).toBeNull();
    expect(uncountedReason(get({ userAgent: '' }))).toBeNull();
  });

  it('does not count HEAD', () => expect(uncountedReason(get({ method: 'HEAD' }))).toBe('head'));

  it.each([{ secPurpose: 'prefetch' }, { secPurpose: 'prefetch;prerender' }, { purpose: 'prefetch' }, { purpose: 'Prefetch' }])(
    'does not count a prefetch (%j)',
    (headers) => expect(uncountedReason(get(headers))).toBe('prefetch'),
  );

  it.each(['image', 'iframe', 'script', 'empty', 'style'])('does not count a load as %s (embedded elsewhere)', (dest) =>
    expect(uncountedReason(get({ fetchDest: dest }))).toBe('not_document'),
  );

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php) Crawler',
    'Mozilla/5.0 (compatible; Baiduspider/2.0)',
    'Mozilla/5.0 (Windows NT 10.0) Google Web Preview',
  ])('does not count a self-declared robot: %s', (userAgent) => expect(uncountedReason(get({ userAgent }))).toBe('bot'));

  it('checks the cheapest signals first (a HEAD from a robot is a HEAD)', () =>
    expect(uncountedReason(get({ method: 'head', userAgent: 'Googlebot' }))).toBe('head'));
});

describe('admitByAddress', () => {
  const admitMany = (n: number, now: number, start?: AddressWindow) => {
    let window = start;
    const counted: boolean[] = [];
    for (let i = 0; i < n; i++) {
      const verdict = admitByAddress(window, now, 60);
      counted.push(verdict.counted);
      window = verdict.window;
    }
    return { counted, window };
  };

  it('counts 60 views of a page per minute from one address, then none until the minute is over', () => {
    const first = admitMany(61, 1_000);
    expect(first.counted.filter(Boolean)).toHaveLength(60);
    expect(first.counted[60]).toBe(false);
    expect(admitByAddress(first.window, 60_999, 60).counted).toBe(false);
    const next = admitByAddress(first.window, 61_000, 60);
    expect(next).toEqual({ counted: true, window: { start: 61_000, counted: 1 } });
  });

  it('starts afresh when the clock went back', () => {
    expect(admitByAddress({ start: 50_000, counted: 60 }, 10_000, 60).counted).toBe(true);
  });
});
