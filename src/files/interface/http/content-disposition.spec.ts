import { describe, expect, it } from '@jest/globals';
import { extValue } from './content-disposition.js';

describe('extValue', () => {
  it('percent-encodes everything that is not an RFC 8187 attr-char, the apostrophe included', () => {
    expect(extValue("l'été (final)*.pdf")).toBe('l%27%C3%A9t%C3%A9%20%28final%29%2A.pdf');
    expect(extValue('plain-name_1.txt')).toBe('plain-name_1.txt');
  });
});
