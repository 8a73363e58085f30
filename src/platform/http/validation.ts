import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidationTypes, type ValidationError as ClassValidatorError } from 'class-validator';
import { MAX_FIELD_ERRORS, ValidationError, type FieldError } from '../domain/domain-error.js';
import { findInvisible, invisibleProblem } from '../domain/invisible-characters.js';

const pointerEscape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A field error at `path` (a body pointer or a parameter name). */
const fieldError = (path: string[], where: 'body' | 'query', detail: string): FieldError =>
  where === 'body' ? { pointer: `/${path.map(pointerEscape).join('/')}`, detail } : { parameter: path.join('.'), detail };

/** An unknown field's name as shown in a message: a name of a kilobyte is not repeated in full. */
const shown = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name);

function collect(errors: ClassValidatorError[], path: string[], where: 'body' | 'query', out: FieldError[]): void {
  for (const e of errors) {
    if (out.length >= MAX_FIELD_ERRORS) return;
    const here = [...path, e.property];
    // A field left out is one error that says so, not the list of rules its missing value breaks (an optional
    // field is skipped when absent, so a rule that fails on an absent value marks a required field).
    if (e.value === undefined && e.property !== undefined) {
      out.push(fieldError(here, where, `${e.property} is required`));
      continue;
    }
    for (const message of Object.values(e.constraints ?? {})) {
      if (out.length >= MAX_FIELD_ERRORS) return;
      const detail = message.replace(/^property (\S+) should not exist$/, (_, name: string) => `unknown field "${shown(name)}"`);
      out.push(fieldError(here, where, detail));
    }
    if (e.children?.length) collect(e.children, here, where, out);
  }
}

/** What the validators declare about one DTO class: its fields, the array limits and the nested fields. */
interface Shape {
  known: Set<string>;
  maxItems: Map<string, number>;
  nested: Set<string>;
}

const shapes = new WeakMap<object, Shape>();

function shapeOf(dto: object): Shape {
  let shape = shapes.get(dto);
  if (shape) return shape;
  shape = { known: new Set(), maxItems: new Map(), nested: new Set() };
  for (const m of getMetadataStorage().getTargetValidationMetadatas(dto as ClassConstructor<object>, '', true, false)) {
    shape.known.add(m.propertyName);
    if (m.type === ValidationTypes.NESTED_VALIDATION) shape.nested.add(m.propertyName);
    if (m.name === 'arrayMaxSize' && typeof m.constraints?.[0] === 'number') shape.maxItems.set(m.propertyName, m.constraints[0]);
  }
  shapes.set(dto, shape);
  return shape;
}

/**
 * The bounded first pass over one object that a DTO describes, before any validator sees it: each unknown
 * field is one error and is dropped; an array longer than its declared limit is one error at the array's
 * pointer and is replaced by an empty one, so that its elements are never converted nor checked. Stops once
 * MAX_FIELD_ERRORS were found. Returns the object the validators get (a copy when anything was dropped).
 */
function screen(dto: object, value: Record<string, unknown>, path: string[], where: 'body' | 'query', out: FieldError[]) {
  const shape = shapeOf(dto);
  let copy: Record<string, unknown> | null = null;
  for (const key in value) {
    if (out.length >= MAX_FIELD_ERRORS) break;
    if (!Object.hasOwn(value, key)) continue;
    const v = value[key];
    const max = shape.maxItems.get(key);
    const unknown = !shape.known.has(key);
    const tooLong = max !== undefined && Array.isArray(v) && v.length > max;
    if (!unknown && !tooLong) continue;
    copy ??= { ...value };
    if (unknown) {
      out.push(fieldError([...path, key], where, `unknown field "${shown(key)}"`));
      delete copy[key];
    } else {
      out.push(fieldError([...path, key], where, `${key} must contain no more than ${max} elements`));
      copy[key] = [];
    }
  }
  return copy ?? value;
}

/** The second pass: the same screen over the nested objects (now DTO instances) of the validated fields. */
function screenNested(instance: object, path: string[], where: 'body' | 'query', out: FieldError[]): void {
  const target = instance as Record<string, unknown>;
  for (const key of shapeOf(instance.constructor).nested) {
    const v = target[key];
    const items = Array.isArray(v) ? v : [v];
    for (let i = 0; i < items.length && out.length < MAX_FIELD_ERRORS; i++) {
      const item: unknown = items[i];
      if (item === null || typeof item !== 'object' || item.constructor === Object || Array.isArray(item)) continue;
      const here = Array.isArray(v) ? [...path, key, String(i)] : [...path, key];
      const screened = screen(item.constructor, item as Record<string, unknown>, here, where, out);
      if (screened !== item) {
        for (const k of Object.keys(item)) if (!Object.hasOwn(screened, k)) delete (item as Record<string, unknown>)[k];
        Object.assign(item, screened);
      }
      screenNested(item, here, where, out);
    }
  }
}

export const MAX_JSON_DEPTH = 32;

/**
 * Walks a JSON value without recursion (a deeply nested body cannot overflow the stack) and returns the
 * first thing PostgreSQL or the validators cannot take: nesting deeper than 32 levels, a NUL character
 * (text cannot store it), a lone UTF-16 surrogate (not valid Unicode; jsonb refuses it), or a character nobody
 * can see: a control character other than TAB, LF and CR, a bidirectional mark, embedding, override or isolate,
 * a zero-width character (ZWJ kept between emoji), as multi-line text allows (docs/adr/0061). Keys count too.
 * It holds one frame per level of the current path, never one per value: a body of 200,000 small values
 * costs no more memory to walk than one.
 */
export function findUnstorable(value: unknown): { pointer: string; detail: string } | null {
  const badText = (s: string) => {
    if (s.includes('\u0000')) return 'must not contain NUL characters';
    if (!s.isWellFormed()) return 'must be valid Unicode (no lone surrogates)';
    // The loosest class: what no text field of the API takes; fields' own rules are stricter (docs/adr/0061).
    const hidden = findInvisible(s, 'text');
    return hidden ? invisibleProblem(hidden) : null;
  };
  if (typeof value === 'string') {
    const detail = badText(value);
    return detail ? { pointer: '', detail } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  const frames: { container: Record<string, unknown>; keys: string[] | null; length: number; next: number; path: string }[] = [];
  const enter = (v: object, path: string) => {
    if (frames.length >= MAX_JSON_DEPTH) return { pointer: path, detail: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` };
    const keys = Array.isArray(v) ? null : Object.keys(v);
    frames.push({ container: v as Record<string, unknown>, keys, length: keys ? keys.length : (v as unknown[]).length, next: 0, path });
    return null;
  };
  enter(value, '');
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next >= frame.length) {
      frames.pop();
      continue;
    }
    const i = frame.next++;
    const key = frame.keys ? frame.keys[i]! : String(i);
    const here = () => `${frame.path}/${pointerEscape(key)}`;
    const keyProblem = frame.keys ? badText(key) : null;
    if (keyProblem) return { pointer: here(), detail: keyProblem };
    const x = frame.container[key];
    if (typeof x === 'string') {
      const detail = badText(x);
      if (detail) return { pointer: here(), detail };
    } else if (x !== null && typeof x === 'object') {
      const deep = enter(x, here());
      if (deep) return deep;
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
 * The checks of an input beyond its fields' shapes (the domain's rules on titles, slugs, block data, URLs), run in
 * the same pass so that one 400 lists every error of the input (docs/adr/0071). They get the fields that passed
 * the shape checks and the names of those that did not (reported already), and return field errors; they do no I/O.
 */
export type InputRules<T extends object> = (input: Partial<T>, reported: ReadonlySet<string>) => FieldError[];

/** The top-level field names that already have an error (the first segment of a pointer, or a parameter's name). */
function fieldsWithErrors(fields: FieldError[]): Set<string> {
  return new Set(
    fields.map((f) =>
      'pointer' in f ? (f.pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~') : (f.parameter.split('.')[0] ?? ''),
    ),
  );
}

/**
 * Validates a body or a query string against a class-validator DTO, then against its `rules`. Unknown fields are
 * refused, so typos never pass silently; a required field left out is reported as "is required". Every error
 * found (at most MAX_FIELD_ERRORS) becomes one 400 invalid_request with JSON Pointers (body) or parameter names.
 */
export function validateInput<T extends object>(dto: ClassConstructor<T>, raw: unknown, where: 'body' | 'query', rules?: InputRules<T>): T {
  if (where === 'body' && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) {
    throw new ValidationError([{ pointer: '', detail: 'The body must be a JSON object.' }], 'The body must be a JSON object.');
  }
  const fields: FieldError[] = [];
  // Unknown fields and over-long arrays first, without looking inside them: the rest is then bounded.
  const screened = screen(dto, (raw ?? {}) as Record<string, unknown>, [], where, fields);
  assertStorable(screened, where);
  if (fields.length >= MAX_FIELD_ERRORS) throw invalid(fields);
  const plain = where === 'query' ? strictNumbers(dto, screened) : screened;
  const instance = plainToInstance(dto, plain, { enableImplicitConversion: where === 'query', exposeDefaultValues: true });
  screenNested(instance, [], where, fields);
  if (fields.length < MAX_FIELD_ERRORS) {
    let errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
    // A DTO without any declared field (an operation that takes no body) reports one root-level error: the
    // input is valid when it is empty (its unknown fields were reported by the screen).
    if (errors.length === 1 && errors[0]!.property === undefined) errors = [];
    collect(errors, [], where, fields);
  }
  if (rules && fields.length < MAX_FIELD_ERRORS) {
    const failed = fieldsWithErrors(fields);
    const checked = Object.fromEntries(Object.entries(instance).filter(([key]) => !failed.has(key))) as Partial<T>;
    fields.push(...rules(checked, failed).slice(0, MAX_FIELD_ERRORS - fields.length));
  }
  if (fields.length > 0) throw invalid(fields);
  return instance;
}

const invalid = (fields: FieldError[]) =>
  new ValidationError(fields, fields.map((f) => ('pointer' in f ? `${f.pointer}: ${f.detail}` : `${f.parameter}: ${f.detail}`)).join('; '));
