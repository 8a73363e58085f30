import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MAX_FIELD_ERRORS, ValidationError, type FieldError } from '../domain/domain-error.js';
import { IsInstant } from './dto/instant.js';
import { boundProblem, PROBLEM_MAX_BYTES, problemBody } from './problem.js';
import { findUnstorable, validateInput, type InputRules } from './validation.js';

class Item {
  @IsString() id!: string;
}

class Body {
  @IsOptional() @IsString() title?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(3) @ValidateNested({ each: true }) @Type(() => Item) items?: Item[];
  @IsOptional() @IsArray() @ArrayMaxSize(2) @IsString({ each: true }) tags?: string[];
}

const errorsOf = (raw: unknown) => {
  try {
    validateInput(Body, raw, 'body');
  } catch (err) {
    return (err as ValidationError).errors!;
  }
  return [];
};

describe('validateInput', () => {
  it('gives an array longer than its limit one error at its pointer, whatever its elements', () => {
    const items = new Proxy(
      Array.from({ length: 10 }, () => ({})),
      {
        get(target, prop, receiver) {
          if (typeof prop === 'string' && /^\d+$/.test(prop)) throw new Error(`element ${prop} was read`);
          return Reflect.get(target, prop, receiver);
        },
      },
    );
    expect(errorsOf({ items, tags: [1, 2, 3] })).toEqual([
      { pointer: '/items', detail: 'items must contain no more than 3 elements' },
      { pointer: '/tags', detail: 'tags must contain no more than 2 elements' },
    ]);
  });

  it('checks the elements of an array within its limit, with pointers into them', () => {
    expect(errorsOf({ items: [{ id: 'a' }, { id: 1 }, { id: 'c', x: 1 }] })).toEqual([
      { pointer: '/items/2/x', detail: 'unknown field "x"' },
      { pointer: '/items/1/id', detail: 'id must be a string' },
    ]);
  });

  it('lists the first 100 errors and stops', () => {
    const raw = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`u${i}`, i]));
    const errors = errorsOf(raw);
    expect(errors).toHaveLength(100);
    expect(errors[0]).toEqual({ pointer: '/u0', detail: 'unknown field "u0"' });
    expect(errors[99]).toEqual({ pointer: '/u99', detail: 'unknown field "u99"' });
  });

  it('shortens a huge unknown name in the message', () => {
    const name = 'n'.repeat(10_000);
    const [error] = errorsOf({ [name]: 1 });
    expect(error!.detail.length).toBeLessThan(120);
  });

  it('accepts a valid body', () => {
    expect(validateInput(Body, { title: 't', items: [{ id: 'a' }], tags: ['x'] }, 'body')).toBeInstanceOf(Body);
  });
});

/** A body with required fields and a rule beyond their shapes (as a stamped page write has). */
class Stamped {
  @IsInstant() expected_updated_at!: string;
  @IsString() @MaxLength(100) name!: string;
  @IsOptional() @IsInt() size?: number;
}

describe('validateInput: every error of an input at once (docs/adr/0071)', () => {
  const errorsOfStamped = (raw: unknown, rules?: InputRules<Stamped>, where: 'body' | 'query' = 'body'): FieldError[] => {
    try {
      validateInput(Stamped, raw, where, rules);
    } catch (err) {
      return (err as ValidationError).errors!;
    }
    return [];
  };

  it('reports a required field left out as "is required", once, at its pointer or parameter', () => {
    expect(errorsOfStamped({})).toEqual([
      { pointer: '/expected_updated_at', detail: 'expected_updated_at is required' },
      { pointer: '/name', detail: 'name is required' },
    ]);
    expect(errorsOfStamped({ name: 'n' }, undefined, 'query')).toEqual([
      { parameter: 'expected_updated_at', detail: 'expected_updated_at is required' },
    ]);
  });

  it('still says what is wrong with a field that is there', () => {
    expect(errorsOfStamped({ expected_updated_at: '2026-11-22', name: 'n', size: 1.5 })).toEqual([
      { pointer: '/expected_updated_at', detail: expect.stringMatching(/must be an RFC 3339 date-time with an offset/) },
      { pointer: '/size', detail: 'size must be an integer number' },
    ]);
  });

  it("lists the rules' errors after the shape errors, giving the rules only the fields whose shape was right", () => {
    const seen: { input: Partial<Stamped>; reported: string[] }[] = [];
    const rules: InputRules<Stamped> = (input, reported) => {
      seen.push({ input: { ...input }, reported: [...reported] });
      return input.name === 'taken' ? [{ pointer: '/name', detail: 'name is taken' }] : [{ pointer: '/size', detail: 'size is odd' }];
    };
    expect(errorsOfStamped({ name: 'taken', size: 'x' }, rules)).toEqual([
      { pointer: '/expected_updated_at', detail: 'expected_updated_at is required' },
      { pointer: '/size', detail: 'size must be an integer number' },
      { pointer: '/name', detail: 'name is taken' },
    ]);
    expect(seen).toEqual([{ input: { name: 'taken' }, reported: ['expected_updated_at', 'size'] }]);
    // A body whose shape is right is still refused by its rules, with every error they found.
    expect(errorsOfStamped({ expected_updated_at: '2026-11-22T10:00:00Z', name: 'n', size: 3 }, rules)).toEqual([
      { pointer: '/size', detail: 'size is odd' },
    ]);
  });

  it(`keeps the whole list within ${MAX_FIELD_ERRORS}, and runs no rules once the shape errors fill it`, () => {
    const flood: InputRules<Stamped> = () => Array.from({ length: 500 }, (_, i) => ({ pointer: `/r${i}`, detail: 'bad' }));
    const errors = errorsOfStamped({ name: 'n' }, flood);
    expect(errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(errors[0]).toEqual({ pointer: '/expected_updated_at', detail: 'expected_updated_at is required' });
    let ran = false;
    const unknown = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`u${i}`, 1]));
    expect(errorsOfStamped(unknown, () => ((ran = true), []))).toHaveLength(MAX_FIELD_ERRORS);
    expect(ran).toBe(false);
  });
});

describe('findUnstorable', () => {
  it('finds the first NUL, lone surrogate or too-deep nesting in document order', () => {
    expect(findUnstorable({ a: ['ok', { b: 'x\u0000' }], c: '\uD800' })).toEqual({
      pointer: '/a/1/b',
      detail: 'must not contain NUL characters',
    });
    expect(findUnstorable({ 'k\uDC00': 1 })).toEqual({ pointer: '/k\uDC00', detail: 'must be valid Unicode (no lone surrogates)' });
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findUnstorable(deep)?.detail).toMatch(/nested more than 32/);
    expect(findUnstorable({ a: [1, 2, { b: 'fine' }], 'x/y': 'ok' })).toBeNull();
  });
});

describe('boundProblem', () => {
  const many = (n: number, size: number) => Array.from({ length: n }, (_, i) => ({ pointer: `/${i}`, detail: 'd'.repeat(size) }));

  it('keeps at most 100 field errors, in order', () => {
    const body = problemBody('https://docs', 'req_1', 'invalid_request', 'bad', many(400_001, 1));
    expect(body.errors).toHaveLength(100);
    expect(body.errors![0]).toEqual({ pointer: '/0', detail: 'd' });
  });

  it('cuts the list, not the JSON, to stay within 64 KiB, and shortens single huge texts', () => {
    const body = boundProblem(problemBody('https://docs', 'req_1', 'invalid_request', 'x'.repeat(1_000_000), many(100, 5_000)));
    const text = JSON.stringify(body);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PROBLEM_MAX_BYTES);
    expect(JSON.parse(text).errors.length).toBeGreaterThan(10);
    expect(body.detail!.length).toBeLessThanOrEqual(4096);
    expect(body.errors!.every((e) => e.detail.length <= 1024)).toBe(true);
  });

  it('leaves a small body as it is', () => {
    const body = problemBody('https://docs', 'req_1', 'invalid_request', 'bad', [{ pointer: '/a', detail: 'no' }]);
    expect(boundProblem(body)).toEqual(body);
  });
});
