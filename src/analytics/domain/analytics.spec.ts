import { describe, expect, it } from '@jest/globals';
import { ctrPercent, dayOf, parseRangeDays, rangeStartDay, referrerLabel } from './analytics.js';

describe('range_days', () => {
  it('accepts 7, 30 and 90, defaulting to 30', () => {
    expect(parseRangeDays(undefined)).toBe(30);
    expect([parseRangeDays('7'), parseRangeDays('30'), parseRangeDays('90'), parseRangeDays(90)]).toEqual([7, 30, 90, 90]);
  });

  it.each(['0', '1', '14', '31', '365', '', 'abc', '7.0', '07a', '-7', ' 7', 7.5, null])('refuses %p with a 400 on range_days', (raw) => {
    expect(() => parseRangeDays(raw)).toThrow(
      expect.objectContaining({ code: 'invalid_request', errors: [expect.objectContaining({ parameter: 'range_days' })] }),
    );
  });
});

describe('days', () => {
  it('uses UTC calendar days and counts today in the range', () => {
    const now = new Date('2026-11-22T23:59:59.999Z');
    expect(dayOf(now)).toBe('2026-11-22');
    expect(rangeStartDay(now, 7)).toBe('2026-11-16');
    expect(rangeStartDay(new Date('2026-03-01T00:00:00.000Z'), 30)).toBe('2026-01-31');
  });
});

describe('referrer', () => {
  const own = ['127.0.0.1', 'bio.example.com'];
  it.each([
    [undefined, 'Direct'],
    ['', 'Direct'],
    ['not a url', 'Direct'],
    ['android-app://com.google.android.gm/', 'Direct'],
    ['https://www.Instagram.com/p/abc?x=1', 'instagram.com'],
    ['https://t.co/xyz', 't.co'],
    ['http://news.ycombinator.com/item?id=1', 'news.ycombinator.com'],
    ['https://bio.example.com/other-page', 'Direct'],
    ['http://127.0.0.1:3000/p/x', 'Direct'],
  ])('%p → %p', (referer, label) => {
    expect(referrerLabel(referer, own)).toBe(label);
  });
});

describe('click-through rate', () => {
  it('is clicks / views × 100 to 2 decimals, and 0 without views', () => {
    expect(ctrPercent(0, 0)).toBe(0);
    expect(ctrPercent(0, 5)).toBe(0);
    expect(ctrPercent(3, 1)).toBe(33.33);
    expect(ctrPercent(3, 2)).toBe(66.67);
    expect(ctrPercent(1, 1)).toBe(100);
    expect(ctrPercent(7, 0)).toBe(0);
  });
});
