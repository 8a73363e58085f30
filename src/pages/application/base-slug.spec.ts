import { describe, expect, it } from '@jest/globals';
import { SLUG_MAX } from '../domain/slug.js';
import { baseSlug } from './base-slug.js';

describe('slugs', () => {
  it.each([
    ['Café Ünïcode', 'cafe-unicode'],
    ['  Hello,   World!  ', 'hello-world'],
    ['Ærøskøbing Straße', 'aeroskobing-strasse'],
    ['東京', 'page'],
    ['!!!', 'page'],
    ['---a---b---', 'a-b'],
  ])('derives %j → %j', (title, slug) => expect(baseSlug(title)).toBe(slug));

  it('is at most 48 characters and does not end with a hyphen', () => {
    const s = baseSlug('word '.repeat(40));
    expect(s.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(s).not.toMatch(/-$/);
  });
});
