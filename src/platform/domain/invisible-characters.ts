/**
 * Characters nobody can see (docs/adr/0061): what text from the API, the live site's forms and the CLI may not
 * hold. Pure rules, no I/O. Three classes of field:
 *
 * - `address` (e-mail addresses, slugs, identifiers): none of the characters below, ever, and no joiner at all.
 * - `line` (single-line display text: titles, names, labels, file names): no C0 control character (TAB, LF and
 *   CR included), no DEL, no C1 control character, no line or paragraph separator, no bidirectional mark,
 *   embedding, override or isolate, no zero-width or other invisible format character. Two joiners are kept
 *   where writing needs them: ZWJ (U+200D) between two emoji (👩‍💻, 🏳️‍🌈), and ZWJ or ZWNJ (U+200C) between two
 *   letters of a script that uses them (Persian می‌خواهم, Devanagari, Malayalam, …). Emoji tag characters
 *   (U+E0020..U+E007F) are kept only inside a flag tag sequence that starts with 🏴 (U+1F3F4).
 * - `text` (multi-line display text: descriptions, a TEXT block's body): as `line`, but TAB, LF and CR are kept.
 *
 * Whatever is not named here (letters, marks, variation selectors, the soft hyphen, spaces) is left alone.
 */
export type TextClass = 'address' | 'line' | 'text';

export interface InvisibleCharacter {
  /** the code point found */
  codePoint: number;
  /** its index in the string, in code points (0-based) */
  index: number;
  /** `U+202E RIGHT-TO-LEFT OVERRIDE` */
  label: string;
}

const NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x09: 'CHARACTER TABULATION',
  0x0a: 'LINE FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
};

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const isTag = (c: number) => c >= 0xe0020 && c <= 0xe007f;
const isLineBreakOrTab = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d;

/** Controls, separators, bidirectional formatting and invisible format characters: never kept, in any class. */
function alwaysInvisible(c: number): boolean {
  return (
    c <= 0x1f || // C0 (TAB, LF and CR are let through by the caller for `text`)
    (c >= 0x7f && c <= 0x9f) || // DEL and C1
    c === 0x061c || // ARABIC LETTER MARK
    c === 0x180e || // MONGOLIAN VOWEL SEPARATOR
    c === 0x200b || // ZERO WIDTH SPACE
    c === 0x200e ||
    c === 0x200f || // LRM, RLM
    c === 0x2028 ||
    c === 0x2029 || // LINE and PARAGRAPH SEPARATOR
    (c >= 0x202a && c <= 0x202e) || // embeddings and overrides
    (c >= 0x2060 && c <= 0x2064) || // WORD JOINER and the invisible operators
    (c >= 0x2066 && c <= 0x206f) || // isolates and the deprecated format characters
    c === 0x3164 ||
    c === 0xffa0 || // Hangul fillers (shown as nothing)
    c === 0xfeff || // ZERO WIDTH NO-BREAK SPACE (BOM)
    (c >= 0xfff9 && c <= 0xfffb) || // interlinear annotation
    c === 0xe0001 // LANGUAGE TAG
  );
}

const EMOJI = /^\p{Extended_Pictographic}$/u;
/** Variation selectors, skin-tone modifiers: what may sit between an emoji and a ZWJ that follows it. */
const isEmojiTrailer = (c: number) => c === 0xfe0e || c === 0xfe0f || c === 0x20e3 || (c >= 0x1f3fb && c <= 0x1f3ff);
/** Letters and marks of the scripts whose spelling needs ZWJ or ZWNJ inside a word. */
const JOINING_SCRIPT = new RegExp(
  '^[' +
    [
      'Arabic',
      'Syriac',
      'Nko',
      'Mongolian',
      'Devanagari',
      'Bengali',
      'Gurmukhi',
      'Gujarati',
      'Oriya',
      'Tamil',
      'Telugu',
      'Kannada',
      'Malayalam',
      'Sinhala',
      'Khmer',
      'Myanmar',
      'Tibetan',
    ]
      .map((s) => `\\p{Script_Extensions=${s}}`)
      .join('') +
    ']$',
  'u',
);
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;

const at = (cps: number[], i: number) => (i >= 0 && i < cps.length ? String.fromCodePoint(cps[i]!) : '');

/** Whether the joiner at `i` joins two emoji, or two letters of a script that needs it (display text only). */
function joinerKept(cps: number[], i: number): boolean {
  const next = at(cps, i + 1);
  if (cps[i] === ZWJ) {
    let p = i - 1;
    while (p >= 0 && isEmojiTrailer(cps[p]!)) p--;
    if (EMOJI.test(at(cps, p)) && EMOJI.test(next)) return true;
  }
  const prev = at(cps, i - 1);
  return LETTER_OR_MARK.test(prev) && LETTER_OR_MARK.test(next) && JOINING_SCRIPT.test(prev) && JOINING_SCRIPT.test(next);
}

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
const labelOf = (c: number) => {
  const name = NAMES[c] ?? (c <= 0x1f || (c >= 0x7f && c <= 0x9f) ? 'control character' : isTag(c) ? 'TAG character' : 'format character');
  return `${hex(c)} ${name}`;
};

const QUICK =
  // oxlint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{E0000}-\u{E007F}]/u;

/** Every character of `value` (as code points) that a field of class `kind` may not hold, in order. */
function* offences(cps: number[], kind: TextClass): Generator<InvisibleCharacter> {
  let inTagSequence = false;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (isTag(c)) {
      if (kind !== 'address' && (inTagSequence || cps[i - 1] === BLACK_FLAG)) {
        inTagSequence = c !== 0xe007f; // CANCEL TAG ends the sequence
        continue;
      }
      inTagSequence = false;
      yield { codePoint: c, index: i, label: labelOf(c) };
      continue;
    }
    inTagSequence = false;
    if (kind === 'text' && isLineBreakOrTab(c)) continue;
    if (alwaysInvisible(c) || ((c === ZWJ || c === ZWNJ) && (kind === 'address' || !joinerKept(cps, i))))
      yield { codePoint: c, index: i, label: labelOf(c) };
  }
}

/** The first character of `value` that a field of class `kind` may not hold, or null when there is none. */
export function findInvisible(value: string, kind: TextClass): InvisibleCharacter | null {
  // Most text holds none of the characters concerned: one regular expression pass says so.
  if (!QUICK.test(value)) return null;
  for (const found of offences(
    Array.from(value, (ch) => ch.codePointAt(0)!),
    kind,
  ))
    return found;
  return null;
}

/** The sentence a refusal gives: `must not contain control, bidirectional or invisible characters (U+202E … at 4)`. */
export function invisibleProblem(found: InvisibleCharacter): string {
  const where = `found ${found.label} at character ${found.index + 1}`;
  return `must not contain control, bidirectional-formatting or invisible characters (${where})`;
}

/** `value` without the characters a field of class `kind` may not hold (for values that are cleaned, not refused). */
export function withoutInvisible(value: string, kind: TextClass): string {
  if (!QUICK.test(value)) return value;
  const cps = Array.from(value, (ch) => ch.codePointAt(0)!);
  const drop = new Set<number>();
  for (const found of offences(cps, kind)) drop.add(found.index);
  return cps
    .filter((_, i) => !drop.has(i))
    .map((c) => String.fromCodePoint(c))
    .join('');
}
