import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from './problem.filter.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }],
    [{ code: '57P01' }],
    [{ code: '08006' }],
    [{ name: 'ConnectionException' }],
    [{ message: 'wrapped', cause: { code: 'ECONNRESET' } }],
    [new Error('Connection terminated unexpectedly')],
  ])('recognises %j', (err) => expect(isDatabaseUnavailable(err)).toBe(true));

  it.each([[{ code: '23505' }], [new Error('boom')], [undefined], [{ code: 42 }]])('does not mistake %j', (err) =>
    expect(isDatabaseUnavailable(err)).toBe(false),
  );
});
