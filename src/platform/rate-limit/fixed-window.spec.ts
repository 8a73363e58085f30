import { describe, expect, it } from '@jest/globals';
import { shareWindow } from './fixed-window.js';

describe('shareWindow', () => {
  it('gives each request of a batch its own place in the window, in arrival order', () => {
    const d = shareWindow(5, 3, 10, 10, 8_200);
    expect(d.map((x) => x.remaining)).toEqual([7, 6, 5]);
    expect(d.every((x) => x.allowed && x.resetSeconds === 9)).toBe(true);
  });

  it('refuses exactly the requests past the limit when a batch straddles it', () => {
    const d = shareWindow(12, 4, 10, 10, 3_000);
    expect(d.map((x) => x.allowed)).toEqual([true, true, false, false]);
    expect(d.map((x) => x.remaining)).toEqual([1, 0, 0, 0]);
  });

  it('tells a refused request to wait at least a second', () => {
    const [d] = shareWindow(11, 1, 10, 10, 0);
    expect(d).toMatchObject({ allowed: false, resetSeconds: 1 });
  });
});
