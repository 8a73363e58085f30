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

  it('starts delivery and envelope ids with their time, in the same shape, and keeps other ids random', () => {
    const gen = new RandomIdGenerator();
    const before = Date.now();
    const [a, b] = [gen.next('dlv'), gen.next('whmsg')];
    for (const id of [a, b]) expect(id).toMatch(/^(dlv|whmsg)_[0-9a-z]{9}[0-9A-Za-z]{15}$/);
    const at = parseInt(a!.slice(4, 13), 36);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Distinct within one millisecond, and ordered across milliseconds by plain text comparison.
    expect(new Set(Array.from({ length: 1000 }, () => gen.next('dlv'))).size).toBe(1000);
    const later = gen.next('dlv');
    expect(`dlv_${(at - 1).toString(36).padStart(9, '0')}zzzzzzzzzzzzzzz` < later).toBe(true);
    expect(gen.next('ctc').slice(4, 13)).not.toBe(a!.slice(4, 13));
  });
});
