import { describe, expect, it } from '@jest/globals';
import { isReservedSlug, SLUG_MAX, slugCandidate } from './slug.js';

describe('slugs', () => {
  it('numbers candidates -2, -3 … within the length limit', () => {
    expect(slugCandidate('links', 1)).toBe('links');
    expect(slugCandidate('links', 2)).toBe('links-2');
    const long = 'a'.repeat(48);
    expect(slugCandidate(long, 12)).toBe(`${'a'.repeat(45)}-12`);
    expect(slugCandidate(long, 12).length).toBe(SLUG_MAX);
  });

  it('knows the reserved words', () => {
    for (const w of ['v1', 'api', 'docs', 'admin', 'p', 'static', 'health']) expect(isReservedSlug(w)).toBe(true);
    expect(isReservedSlug('my-links')).toBe(false);
  });
});
