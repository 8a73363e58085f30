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

/**
 * Finds a NUL character anywhere in a JSON value (PostgreSQL text cannot store it). Returns the JSON
 * Pointer of the first one, or null.
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return `${path}/${pointerEscape(k)}`;
      const found = findNul(v, `${path}/${pointerEscape(k)}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Refuses NUL characters in path parameters, the query string or the body with 400 invalid_request. */
export function assertNoNul(value: unknown, where: 'body' | 'query' | 'path'): void {
  const at = findNul(value);
  if (at === null) return;
  const detail = 'must not contain NUL characters';
  if (where === 'body') throw new ValidationError([{ pointer: at, detail }], `${at}: ${detail}`);
  const parameter = at.slice(1).split('/')[0] ?? '';
  throw new ValidationError([{ parameter, detail }], `${parameter}: ${detail}`);
}

/**
 * Validates a body or a query string against a class-validator DTO. Unknown fields are refused, so typos
 * never pass silently. Failures become 400 invalid_request with JSON Pointers (body) or parameter names.
 */
export function validateInput<T extends object>(dto: ClassConstructor<T>, raw: unknown, where: 'body' | 'query'): T {
  if (where === 'body' && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) {
    throw new ValidationError([{ pointer: '', detail: 'The body must be a JSON object.' }], 'The body must be a JSON object.');
  }
  assertNoNul(raw, where);
  const plain = (raw ?? {}) as Record<string, unknown>;
  const instance = plainToInstance(dto, plain, { enableImplicitConversion: where === 'query', exposeDefaultValues: true });
  let errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  // A DTO without any declared field (an operation that takes no body) reports one root-level error:
  // the input is valid when it is empty, else each of its fields is unknown.
  if (errors.length === 1 && errors[0]!.property === undefined) {
    errors = Object.keys(plain).map((property) => Object.assign(Object.create(null), { property, constraints: { whitelistValidation: `property ${property} should not exist` }, children: [] }));
  }
  if (errors.length > 0) {
    const fields: FieldError[] = [];
    collect(errors, [], where, fields);
    throw new ValidationError(fields, fields.map((f) => ('pointer' in f ? `${f.pointer}: ${f.detail}` : `${f.parameter}: ${f.detail}`)).join('; '));
  }
  return instance;
}
