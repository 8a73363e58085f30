import { describe, expect, it } from '@jest/globals';
import { numberPlaceholders } from './sql.js';

describe('numberPlaceholders', () => {
  it('numbers the ? placeholders in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?::int)')).toBe(
      'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3::int)',
    );
  });

  it('leaves question marks inside quoted text and quoted identifiers alone', () => {
    expect(numberPlaceholders(`SELECT '?' AS "what?", ? AS x WHERE y = 'it''s ?'`)).toBe(
      `SELECT '?' AS "what?", $1 AS x WHERE y = 'it''s ?'`,
    );
  });

  it.each([['SELECT 1 -- why?'], ['SELECT /* a?b */ 1'], ['SELECT $$ ? $$'], ["SELECT E'it\\'s ?'"]])(
    'refuses %s instead of numbering a ? it cannot see',
    (sql) => {
      expect(() => numberPlaceholders(sql)).toThrow(/not supported/);
    },
  );

  it('keeps a statement without placeholders as it is', () => {
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
  });
});
