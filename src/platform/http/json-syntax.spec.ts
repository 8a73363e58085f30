import { describe, expect, it } from '@jest/globals';
import { jsonSyntaxError } from './json-syntax.js';

describe('jsonSyntaxError', () => {
  it('names what broke, and the line, column and offset where', () => {
    expect(jsonSyntaxError('{x}')).toBe('an unexpected character at line 1, column 2 (offset 1)');
    expect(jsonSyntaxError('{"a":1,}')).toBe('a property name (in double quotes) was expected at line 1, column 8 (offset 7)');
    expect(jsonSyntaxError('{"a":\n 1 2}')).toBe("a ',' was expected at line 2, column 4 (offset 9)");
    expect(jsonSyntaxError('{"title": "x"')).toBe("a '}' was expected at line 1, column 14 (offset 13)");
    expect(jsonSyntaxError('[1,]')).toBe('a value was expected at line 1, column 4 (offset 3)');
    expect(jsonSyntaxError('{"a": 1} // note')).toMatch(/^JSON has no comments at line 1, column 10/);
  });

  it('says nothing of well-formed JSON (refused for another reason)', () => {
    expect(jsonSyntaxError('{"__proto__": {}}')).toBeNull();
    expect(jsonSyntaxError('[1, 2]')).toBeNull();
  });
});
