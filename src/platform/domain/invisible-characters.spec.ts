import { describe, expect, it } from '@jest/globals';
import { findInvisible, invisibleProblem, withoutInvisible, type TextClass } from './invisible-characters.js';

const CLASSES: TextClass[] = ['address', 'line', 'text'];
const code = (value: string, kind: TextClass) => findInvisible(value, kind)?.codePoint ?? null;

describe('findInvisible', () => {
  it('lets ordinary text through in every class', () => {
    for (const kind of CLASSES) {
      expect(findInvisible('Ada Lovelace', kind)).toBeNull();
      expect(findInvisible('Crème brûlée — „Zitat“ 日本語 עברית عربي', kind)).toBeNull();
      expect(findInvisible('soft\u00ADhyphen and no\u00A0break', kind)).toBeNull();
    }
  });

  it('refuses NUL, C0 and C1 control characters and DEL everywhere', () => {
    for (const kind of CLASSES) {
      for (const c of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
        expect(code(`a${String.fromCodePoint(c)}b`, kind)).toBe(c);
      }
    }
  });

  it('keeps TAB, LF and CR in multi-line text only', () => {
    expect(findInvisible('line one\r\nline two\tend', 'text')).toBeNull();
    expect(code('line one\nline two', 'line')).toBe(0x0a);
    expect(code('a\tb', 'line')).toBe(0x09);
    expect(code('a\rb', 'address')).toBe(0x0d);
    expect(code('para\u2029graph', 'text')).toBe(0x2029);
  });

  it('refuses every bidirectional mark, embedding, override and isolate', () => {
    const bidi = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const kind of CLASSES) for (const c of bidi) expect(code(`invoice${String.fromCodePoint(c)}fdp.exe`, kind)).toBe(c);
  });

  it('refuses zero-width and other invisible characters', () => {
    for (const kind of CLASSES) {
      for (const c of [0x200b, 0x2060, 0x2062, 0xfeff, 0x180e, 0x3164, 0xffa0, 0x206a, 0xfff9, 0xe0001]) {
        expect(code(`a${String.fromCodePoint(c)}b`, kind)).toBe(c);
      }
      expect(code('\u200Bleading', kind)).toBe(0x200b);
      expect(code('trailing\uFEFF', kind)).toBe(0xfeff);
    }
  });

  it('keeps ZWJ between emoji in display text, never in an address', () => {
    for (const emoji of ['👩‍💻', '👨‍👩‍👧‍👦', '🏳️‍🌈', '❤️‍🔥', '👩🏽‍💻', '🏃‍♀️', '🧑‍🤝‍🧑']) {
      expect(findInvisible(`Coder ${emoji} page`, 'line')).toBeNull();
      expect(findInvisible(emoji, 'text')).toBeNull();
      expect(code(emoji, 'address')).toBe(0x200d);
    }
  });

  it('refuses a ZWJ that joins no emoji: at an edge, between letters of Latin script, after a lone emoji', () => {
    expect(code('pay\u200Dpal', 'line')).toBe(0x200d);
    expect(code('\u200D👩', 'line')).toBe(0x200d);
    expect(code('👩\u200D', 'line')).toBe(0x200d);
    expect(code('👩\u200D a', 'line')).toBe(0x200d);
    expect(code('a\u200D💻', 'text')).toBe(0x200d);
  });

  it('keeps ZWNJ and ZWJ inside words of scripts that need them (Persian, Devanagari), not elsewhere', () => {
    expect(findInvisible('می‌خواهم', 'line')).toBeNull(); // Persian: ZWNJ between two Arabic-script letters
    expect(findInvisible('क्‍ष', 'line')).toBeNull(); // Devanagari: virama, ZWJ, letter
    expect(code('می‌خواهم', 'address')).toBe(0x200c);
    expect(code('ab\u200Ccd', 'line')).toBe(0x200c);
    expect(code('م\u200C', 'line')).toBe(0x200c);
  });

  it('keeps emoji tag sequences (the flag of England) and refuses tag characters anywhere else', () => {
    const england = '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(findInvisible(`Team ${england}!`, 'line')).toBeNull();
    expect(code(`hidden\u{E0069}\u{E0067}`, 'line')).toBe(0xe0069);
    expect(code(`${england}\u{E0041}`, 'text')).toBe(0xe0041);
    expect(code(england, 'address')).toBe(0xe0067);
  });

  it('says which character it found and where, in code points', () => {
    const found = findInvisible('👍 ok\u202Eexe', 'line');
    expect(found).toEqual({ codePoint: 0x202e, index: 4, label: 'U+202E RIGHT-TO-LEFT OVERRIDE' });
    expect(invisibleProblem(found!)).toBe(
      'must not contain control, bidirectional-formatting or invisible characters (found U+202E RIGHT-TO-LEFT OVERRIDE at character 5)',
    );
    expect(findInvisible('a\u0000', 'text')?.label).toBe('U+0000 NUL');
    expect(findInvisible('a\u0091', 'text')?.label).toBe('U+0091 control character');
  });
});

describe('withoutInvisible', () => {
  it('drops exactly what findInvisible refuses and keeps the rest', () => {
    expect(withoutInvisible('re\u202Egnp.exe', 'line')).toBe('regnp.exe');
    expect(withoutInvisible('a\u0000b\u200Bc\u0085d\tE', 'line')).toBe('abcdE');
    expect(withoutInvisible('a\tb\nc', 'text')).toBe('a\tb\nc');
    expect(withoutInvisible('👩‍💻 me\u200D', 'line')).toBe('👩‍💻 me');
    expect(withoutInvisible('plain', 'address')).toBe('plain');
    for (const kind of CLASSES) expect(findInvisible(withoutInvisible('\u200B\u202Ex\u2066\u0000y\u{E0041}', kind), kind)).toBeNull();
  });
});
