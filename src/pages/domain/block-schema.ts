import { MAX_FIELD_ERRORS, type FieldError } from '../../platform/domain/domain-error.js';
import { findInvisible, invisibleProblem } from '../../platform/domain/invisible-characters.js';

/**
 * A tiny schema language for block `data`: strict (unknown fields refused), with the rules each kind needs.
 * The same definitions validate input and produce the JSON Schemas in the OpenAPI document.
 */
export type FieldSpec =
  | { type: 'string'; required?: boolean; min?: number; max: number; multiline?: boolean; description?: string }
  | { type: 'url'; required?: boolean; schemes: readonly ('http' | 'https')[]; description?: string }
  | { type: 'integer'; required?: boolean; min: number; max: number; description?: string }
  | { type: 'boolean'; required?: boolean; description?: string }
  | { type: 'enum'; required?: boolean; values: readonly string[]; description?: string }
  | { type: 'currency'; required?: boolean; description?: string }
  | { type: 'integer-list'; required?: boolean; minItems: number; maxItems: number; min: number; max: number; description?: string }
  | { type: 'path-list'; required?: boolean; minItems: number; maxItems: number; description?: string };

export type ObjectSpec = Record<string, FieldSpec>;

export type DataValue = string | number | boolean | string[] | number[];
export type BlockData = Record<string, DataValue>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `value` holds a tab, CR, LF or any other C0 control character, or DEL (the URL parser drops some silently). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function validUrl(value: string, schemes: readonly string[]): boolean {
  if (value.length > 2048 || hasControlCharacter(value)) return false;
  try {
    const u = new URL(value);
    return schemes.includes(u.protocol.replace(':', '')) && u.hostname.length > 0;
  } catch {
    return false;
  }
}

function checkField(name: string, spec: FieldSpec, value: unknown, pointer: string): string | null {
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') return `${name} must be a string`;
      if (value.trim().length < (spec.min ?? 0)) return spec.min ? `${name} must not be empty` : null;
      if (value.length > spec.max) return `${name} must be at most ${spec.max} characters`;
      // Single-line unless the field says otherwise; never characters nobody can see (docs/adr/0061).
      {
        const found = findInvisible(value, spec.multiline ? 'text' : 'line');
        return found ? `${name} ${invisibleProblem(found)}` : null;
      }
    case 'url':
      return typeof value === 'string' && validUrl(value, spec.schemes)
        ? null
        : `${name} must be an absolute ${spec.schemes.join(' or ')} URL without control characters`;
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
        ? null
        : `${name} must be a whole number from ${spec.min} to ${spec.max}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${name} must be true or false`;
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value) ? null : `${name} must be one of ${spec.values.join(', ')}`;
    case 'currency':
      return typeof value === 'string' && /^[a-z]{3}$/.test(value) ? null : `${name} must be a lower-case ISO 4217 code such as usd`;
    case 'integer-list':
      if (!Array.isArray(value) || value.length < spec.minItems || value.length > spec.maxItems) {
        return `${name} must be a list of ${spec.minItems} to ${spec.maxItems} numbers`;
      }
      return value.every((n) => Number.isSafeInteger(n) && n >= spec.min && n <= spec.max)
        ? null
        : `${name} items must be whole numbers from ${spec.min} to ${spec.max}`;
    case 'path-list':
      if (!Array.isArray(value) || value.length < spec.minItems || value.length > spec.maxItems) {
        return `${name} must be a list of ${spec.minItems} to ${spec.maxItems} file paths`;
      }
      return value.every((p) => typeof p === 'string' && p.startsWith('/files/') && p.length <= 600)
        ? null
        : `${name} items must be public_path values of workspace files`;
  }
  void pointer;
}

/** Validates `data` against a spec; returns the field errors with JSON Pointers under `base`. */
export function validateObject(spec: ObjectSpec, data: unknown, base: string): FieldError[] {
  if (!isPlainObject(data)) return [{ pointer: base, detail: 'data must be a JSON object' }];
  const errors: FieldError[] = [];
  for (const key in data) {
    if (errors.length >= MAX_FIELD_ERRORS) return errors; // the first found; a huge object is not walked to its end
    if (Object.hasOwn(data, key) && !Object.hasOwn(spec, key)) errors.push({ pointer: `${base}/${key}`, detail: `unknown field "${key}"` });
  }
  for (const [name, field] of Object.entries(spec)) {
    if (errors.length >= MAX_FIELD_ERRORS) return errors;
    const value = data[name];
    if (value === undefined || value === null) {
      if (field.required) errors.push({ pointer: `${base}/${name}`, detail: `${name} is required` });
      continue;
    }
    const problem = checkField(name, field, value, `${base}/${name}`);
    if (problem) errors.push({ pointer: `${base}/${name}`, detail: problem });
  }
  return errors;
}

/**
 * `data` with every URL field in its normalized form, `new URL(url).href` (punycode host, percent-encoded
 * path, query and fragment): what is stored, returned and redirected to is plain ASCII. Call after validation.
 */
export function normalizeUrls(spec: ObjectSpec, data: BlockData): BlockData {
  const out: BlockData = { ...data };
  for (const [name, field] of Object.entries(spec)) {
    const value = out[name];
    if (field.type === 'url' && typeof value === 'string') out[name] = new URL(value).href;
  }
  return out;
}

/** RFC 7396 merge patch on a flat data object: null removes a field, anything else replaces it. */
export function mergePatch(target: BlockData, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** The JSON Schema of a spec (for the OpenAPI document). */
export function jsonSchemaOf(spec: ObjectSpec): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(spec)) {
    const d = f.description ? { description: f.description } : {};
    switch (f.type) {
      case 'string':
        properties[name] = { type: 'string', ...(f.min ? { minLength: f.min } : {}), maxLength: f.max, ...d };
        break;
      case 'url':
        properties[name] = {
          type: 'string',
          format: 'uri',
          maxLength: 2048,
          description: f.description ?? `${f.schemes.join(' or ')} URL`,
        };
        break;
      case 'integer':
        properties[name] = { type: 'integer', minimum: f.min, maximum: f.max, ...d };
        break;
      case 'boolean':
        properties[name] = { type: 'boolean', ...d };
        break;
      case 'enum':
        properties[name] = { type: 'string', enum: [...f.values], ...d };
        break;
      case 'currency':
        properties[name] = { type: 'string', pattern: '^[a-z]{3}$', ...d };
        break;
      case 'integer-list':
        properties[name] = {
          type: 'array',
          minItems: f.minItems,
          maxItems: f.maxItems,
          items: { type: 'integer', minimum: f.min, maximum: f.max },
          ...d,
        };
        break;
      case 'path-list':
        properties[name] = {
          type: 'array',
          minItems: f.minItems,
          maxItems: f.maxItems,
          items: { type: 'string', pattern: '^/files/' },
          ...d,
        };
        break;
    }
  }
  const required = Object.entries(spec)
    .filter(([, f]) => f.required)
    .map(([n]) => n);
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}
