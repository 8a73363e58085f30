import { describe, expect, it } from '@jest/globals';
import { numberPlaceholders } from './sql.js';

describe('numberPlaceholders', () => {
  it('numbers the ? placeholders in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?::int)')).toBe('SELECT * FROM t WHERE a = $1 AND b IN ($2, $3::int)');
  });

  it('leaves question marks inside quoted text and quoted identifiers alone', () => {
    expect(numberPlaceholders(`SELECT '?' AS "what?", ? AS x WHERE y = 'it''s ?'`)).toBe(`SELECT '?' AS "what?", $1 AS x WHERE y = 'it''s ?'`);
  });

  it('keeps a statement without placeholders as it is', () => {
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
  });
});
