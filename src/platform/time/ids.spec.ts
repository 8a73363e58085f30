import { describe, expect, it } from '@jest/globals';
import { randomBase62, RandomIdGenerator } from './ids.js';

describe('ids', () => {
  it('draws base62 characters of the requested length', () => {
    const s = randomBase62(40);
    expect(s).toMatch(/^[0-9A-Za-z]{40}$/);
  });

  it('prefixes ids and does not repeat them', () => {
    const gen = new RandomIdGenerator();
    const ids = new Set(Array.from({ length: 1000 }, () => gen.next('ctc')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^ctc_[0-9A-Za-z]{24}$/);
  });
});
