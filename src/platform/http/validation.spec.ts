import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ValidationError } from '../domain/domain-error.js';
import { boundProblem, PROBLEM_MAX_BYTES, problemBody } from './problem.js';
import { findUnstorable, validateInput } from './validation.js';

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
