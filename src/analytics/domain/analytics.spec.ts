import { describe, expect, it } from '@jest/globals';
import { ctrPercent, dayOf, rangeStartDay, referrerLabel } from './analytics.js';

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
