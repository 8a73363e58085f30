import { describe, expect, it } from '@jest/globals';
import { PendingLimit } from './pending-limit.js';

describe('PendingLimit', () => {
  it('admits up to its limit, refuses the next without counting it, and admits again once a place is free', () => {
    const limit = new PendingLimit(2);
    expect(limit.tryEnter()).toBe(true);
    expect(limit.tryEnter()).toBe(true);
    expect(limit.tryEnter()).toBe(false);
    expect(limit.tryEnter()).toBe(false);
    expect(limit.size).toBe(2);
    limit.leave();
    expect(limit.tryEnter()).toBe(true);
    expect(limit.size).toBe(2);
  });

  it('never goes below zero, so an extra leave cannot open a place too many', () => {
    const limit = new PendingLimit(1);
    limit.leave();
    expect(limit.tryEnter()).toBe(true);
    expect(limit.tryEnter()).toBe(false);
  });

  it('refuses a limit below one', () => {
    expect(() => new PendingLimit(0)).toThrow(RangeError);
  });
});
