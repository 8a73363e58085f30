import { describe, expect, it } from '@jest/globals';
import { listingLimit, OPERATOR_LISTING } from './operator-listing.js';

describe('the page size of an operator listing', () => {
  it('takes a whole number from 1 to the maximum', () => {
    expect(listingLimit('1')).toBe(1);
    expect(listingLimit('100')).toBe(100);
    expect(listingLimit(String(OPERATOR_LISTING.max))).toBe(OPERATOR_LISTING.max);
  });

  it.each(['0', '-1', '2.5', '1e3', '', ' 5', 'ten', String(OPERATOR_LISTING.max + 1), '99999999'])('refuses %j', (value) => {
    expect(listingLimit(value)).toBeNull();
  });

  it('prints fewer items by default than it ever allows', () => {
    expect(OPERATOR_LISTING.default).toBeLessThanOrEqual(OPERATOR_LISTING.max);
  });
});
