import { describe, expect, it } from '@jest/globals';
import { normaliseEmail } from './email.js';

describe('normaliseEmail', () => {
  it('trims spaces and line breaks around an address and lower-cases it', () => {
    expect(normaliseEmail('  Ada@Example.COM \r\n')).toBe('ada@example.com');
  });

  it.each([
    ['NUL', 'a\u0000b@example.com'],
    ['a C1 control', 'a\u0085b@example.com'],
    ['a right-to-left override', 'moc.elpmaxe@\u202Eada'],
    ['an isolate', 'ada\u2066@example.com'],
    ['a left-to-right mark', 'ada\u200E@example.com'],
    ['a zero-width space', 'a\u200Bda@example.com'],
    ['a zero-width joiner, even between emoji', '👩\u200D💻@example.com'],
    ['a BOM in front', '\uFEFFada@example.com'],
    ['a tab inside', 'a\tda@example.com'],
  ])('refuses an address holding %s', (_, email) => {
    expect(normaliseEmail(email)).toBeNull();
  });
});
