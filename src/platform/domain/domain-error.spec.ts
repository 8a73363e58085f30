import { describe, expect, it } from '@jest/globals';
import { gatherFieldErrors, MAX_FIELD_ERRORS, ValidationError } from './domain-error.js';

describe('gatherFieldErrors', () => {
  it('runs every check and gathers the field errors of each that refuses, in order', () => {
    const ran: string[] = [];
    const errors = gatherFieldErrors(
      () => ran.push('a'),
      () => {
        ran.push('b');
        throw ValidationError.field('/b', 'b is wrong');
      },
      () => {
        ran.push('c');
        throw new ValidationError([
          { pointer: '/c/0', detail: 'c0 is wrong' },
          { pointer: '/c/1', detail: 'c1 is wrong' },
        ]);
      },
    );
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(errors).toEqual([
      { pointer: '/b', detail: 'b is wrong' },
      { pointer: '/c/0', detail: 'c0 is wrong' },
      { pointer: '/c/1', detail: 'c1 is wrong' },
    ]);
  });

  it('lets an error that is no validation failure through', () => {
    expect(() =>
      gatherFieldErrors(() => {
        throw new TypeError('a bug');
      }),
    ).toThrow(TypeError);
  });

  it(`stops at ${MAX_FIELD_ERRORS} errors`, () => {
    const many = () => {
      throw new ValidationError(Array.from({ length: 80 }, (_, i) => ({ pointer: `/${i}`, detail: 'bad' })));
    };
    let third = false;
    expect(gatherFieldErrors(many, many, () => (third = true))).toHaveLength(MAX_FIELD_ERRORS);
    expect(third).toBe(false);
  });
});
