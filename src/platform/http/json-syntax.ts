import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** What each of the parser's complaints means, in the words of an error answer. */
const EXPECTED: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name (in double quotes) was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: "a ':' was expected",
  CommaExpected: "a ',' was expected",
  CloseBraceExpected: "a '}' was expected",
  CloseBracketExpected: "a ']' was expected",
  EndOfFileExpected: 'nothing more was expected',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is not finished',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'an unknown escape',
  InvalidCharacter: 'a control character in a string',
};

/**
 * Where a text that is not JSON breaks, for the 400 that refuses it: "a ',' was expected at line 2, column 4 (offset
 * 9)". Strict JSON (no comments, no trailing commas). Null when the text is well-formed JSON (a refusal for another
 * reason, such as a forbidden `__proto__` key).
 */
export function jsonSyntaxError(text: string): string | null {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return null;
  const code = printParseErrorCode(first.error);
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  return `${EXPECTED[code] ?? code} at line ${line}, column ${column} (offset ${first.offset})`;
}
