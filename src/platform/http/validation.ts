import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError as ClassValidatorError } from 'class-validator';
import { ValidationError, type FieldError } from '../domain/domain-error.js';

const pointerEscape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function collect(errors: ClassValidatorError[], path: string[], where: 'body' | 'query', out: FieldError[]): void {
  for (const e of errors) {
    const here = [...path, e.property];
    for (const message of Object.values(e.constraints ?? {})) {
      const detail = message.replace(/^property (\S+) should not exist$/, 'unknown field "$1"');
      out.push(where === 'body' ? { pointer: `/${here.map(pointerEscape).join('/')}`, detail } : { parameter: here.join('.'), detail });
    }
    if (e.children?.length) collect(e.children, here, where, out);
  }
}

export const MAX_JSON_DEPTH = 32;

/**
 * Walks a JSON value without recursion (a deeply nested body cannot overflow the stack) and returns the
 * first thing PostgreSQL or the validators cannot take: nesting deeper than 32 levels, a NUL character
 * (text cannot store it), or a lone UTF-16 surrogate (not valid Unicode; jsonb refuses it). Keys count too.
 */
export function findUnstorable(value: unknown): { pointer: string; detail: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const badText = (s: string) =>
    s.includes('\u0000') ? 'must not contain NUL characters' : !s.isWellFormed() ? 'must be valid Unicode (no lone surrogates)' : null;
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const detail = badText(v);
      if (detail) return { pointer: path, detail };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { pointer: path, detail: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` };
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i]!;
      const here = `${path}/${pointerEscape(k)}`;
      const keyProblem = Array.isArray(v) ? null : badText(k);
      if (keyProblem) return { pointer: here, detail: keyProblem };
      stack.push({ value: x, path: here, depth: depth + 1 });
    }
  }
  return null;
}

/** Refuses unstorable input (see findUnstorable) in path parameters, the query string or the body with 400. */
export function assertStorable(value: unknown, where: 'body' | 'query' | 'path'): void {
  const found = findUnstorable(value);
  if (found === null) return;
  const { pointer, detail } = found;
  if (where === 'body') throw new ValidationError([{ pointer, detail }], `${pointer}: ${detail}`);
  const parameter = pointer.slice(1).split('/')[0] ?? '';
  throw new ValidationError([{ parameter, detail }], `${parameter}: ${detail}`);
}

/**
 * Query values of numeric fields must be plain decimal integers: the implicit conversion would otherwise take
 * `0x10`, `1e1`, `0b11` or ` 5` as numbers. Anything else is handed on as not-a-number, so the field's own rule
 * refuses it with its usual message.
 */
function strictNumbers(dto: ClassConstructor<object>, query: Record<string, unknown>): Record<string, unknown> {
  let out = query;
  let defaults: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string' || /^-?\d{1,15}$/.test(value)) continue;
    // Numeric: declared `number`, or a union of number literals with a numeric default (`range_days`).
    defaults ??= new (dto as new () => Record<string, unknown>)();
    if (Reflect.getMetadata('design:type', dto.prototype, key) !== Number && typeof defaults[key] !== 'number') continue;
    out = { ...out, [key]: 'NaN' };
  }
  return out;
}

/**
 * Validates a body or a query string against a class-validator DTO. Unknown fields are refused, so typos
 * never pass silently. Failures become 400 invalid_request with JSON Pointers (body) or parameter names.
 */
export function validateInput<T extends object>(dto: ClassConstructor<T>, raw: unknown, where: 'body' | 'query'): T {
  if (where === 'body' && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) {
    throw new ValidationError([{ pointer: '', detail: 'The body must be a JSON object.' }], 'The body must be a JSON object.');
  }
  assertStorable(raw, where);
  const plain = where === 'query' ? strictNumbers(dto, (raw ?? {}) as Record<string, unknown>) : ((raw ?? {}) as Record<string, unknown>);
  const instance = plainToInstance(dto, plain, { enableImplicitConversion: where === 'query', exposeDefaultValues: true });
  let errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  // A DTO without any declared field (an operation that takes no body) reports one root-level error:
  // the input is valid when it is empty, else each of its fields is unknown.
  if (errors.length === 1 && errors[0]!.property === undefined) {
    errors = Object.keys(plain).map((property) =>
      Object.assign(Object.create(null), {
        property,
        constraints: { whitelistValidation: `property ${property} should not exist` },
        children: [],
      }),
    );
  }
  if (errors.length > 0) {
    const fields: FieldError[] = [];
    collect(errors, [], where, fields);
    throw new ValidationError(
      fields,
      fields.map((f) => ('pointer' in f ? `${f.pointer}: ${f.detail}` : `${f.parameter}: ${f.detail}`)).join('; '),
    );
  }
  return instance;
}
