import { describe, expect, it } from '@jest/globals';
import { privateError, privateMessage, withoutQueries, withoutQuery, withoutRowValues } from './private-text.js';

describe('withoutQuery', () => {
  it('keeps the scheme, host, port and path of a URL, not its query, fragment or user information', () => {
    expect(withoutQuery('https://hooks.example.com/in?token=s3cret&x=1')).toBe('https://hooks.example.com/in');
    expect(withoutQuery('https://user:pass@hooks.example.com:8443/a/b?t=1#frag')).toBe('https://hooks.example.com:8443/a/b');
    expect(withoutQuery('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/');
  });

  it('cuts text that is not an absolute URL at its first ? or #', () => {
    expect(withoutQuery('/preview/abc?x=1')).toBe('/preview/abc');
    expect(withoutQuery('not a url?token=1')).toBe('not a url');
    expect(withoutQuery('plain')).toBe('plain');
  });
});

describe('withoutQueries', () => {
  it('cuts the query of every URL in a text and leaves the rest', () => {
    expect(withoutQueries('POST https://a.example/x?k=1 failed, then http://b.example/?t=2 "ok"')).toBe(
      'POST https://a.example/x failed, then http://b.example/ "ok"',
    );
  });
});

describe('withoutRowValues', () => {
  it('cuts the refused value PostgreSQL quotes in an invalid-input message', () => {
    expect(withoutRowValues('invalid input syntax for type uuid: "visitor@example.com"')).toBe(
      'invalid input syntax for type uuid: [value]',
    );
    expect(withoutRowValues('invalid input value for enum kind: "x y"')).toBe('invalid input value for enum kind: [value]');
    expect(withoutRowValues('malformed array literal: "{v@example.com"')).toBe('malformed array literal: [value]');
    expect(withoutRowValues('date/time field value out of range: "2026-13-45 v@example.com"')).toBe(
      'date/time field value out of range: [value]',
    );
    expect(withoutRowValues('value "99999999999" is out of range for type integer')).toBe('value [value] is out of range for type integer');
    // A message cut short (a column's length limit) before its closing quote.
    expect(withoutRowValues('invalid input syntax for type uuid: "v@example.co')).toBe('invalid input syntax for type uuid: [value]');
  });

  it("cuts a detail's key values and failing row wherever a wrapper copied them into a message", () => {
    expect(withoutRowValues('Key (email)=(v@example.com) already exists.')).toBe('Key (email)=([value]) already exists.');
    expect(withoutRowValues('duplicate key: Key (lower(email), workspace_id)=(v) x@example.com, ws_1) already exists')).toBe(
      'duplicate key: Key (lower(email), workspace_id)=([value]) already exists',
    );
    expect(withoutRowValues('Key (page_id)=(pg_v@example.com) is not present in table "pages".')).toBe(
      'Key (page_id)=([value]) is not present in table "pages".',
    );
    expect(withoutRowValues('failed: Key (email)=(v@example.co\n    at x (file.js:1:1)')).toBe(
      'failed: Key (email)=([value])\n    at x (file.js:1:1)',
    );
    expect(withoutRowValues('23514: Failing row contains (pg_1, v@example.com, (x)).\nnext line')).toBe(
      '23514: Failing row contains [row]\nnext line',
    );
  });

  it('leaves messages that quote only names', () => {
    for (const m of [
      'new row for relation "contacts" violates check constraint "contacts_email_check"',
      'duplicate key value violates unique constraint "pages_slug_unique"',
      'null value in column "title" of relation "pages" violates not-null constraint',
      'Key columns "a" and "b" are of incompatible types',
    ])
      expect(withoutRowValues(m)).toBe(m);
  });
});

describe('privateError', () => {
  it('drops the row values of a database error at any depth, and leaves the original untouched', () => {
    const wrapped = { message: 'inner', detail: 'Key (email)=(v@example.com) already exists.', code: '23505' };
    const serialized = {
      type: 'DatabaseError',
      message: 'new row for relation "t" violates check constraint "c"',
      detail: 'Failing row contains (v@example.com).',
      where: 'SQL statement "insert into t values (\'v@example.com\')"',
      internalQuery: "insert into t values ('v@example.com')",
      parameters: ['v@example.com'],
      code: '23514',
      constraint: 'c',
      previous: wrapped,
      aggregateErrors: [{ message: 'a', detail: 'Failing row contains (w@example.com).' }],
    };
    const out = privateError(serialized) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toMatch(/@example\.com/);
    expect(out).toMatchObject({ type: 'DatabaseError', code: '23514', constraint: 'c', previous: { message: 'inner', code: '23505' } });
    expect(wrapped.detail).toContain('v@example.com');
    expect(serialized.detail).toContain('v@example.com');
  });

  it('cuts URL queries and quoted values from messages and stacks', () => {
    const out = privateError({
      message: 'POST https://hooks.example.com/in?token=s3cret failed',
      stack: 'Error: invalid input syntax for type uuid: "v@example.com"\n    at x (file.js:1:1)',
    }) as Record<string, string>;
    expect(out.message).toBe('POST https://hooks.example.com/in failed');
    expect(out.stack).toBe('Error: invalid input syntax for type uuid: [value]\n    at x (file.js:1:1)');
    expect(privateMessage('see https://a.example/?x=1')).toBe('see https://a.example/');
  });
});
