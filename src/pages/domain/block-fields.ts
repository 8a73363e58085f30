import { z } from 'zod';
import { MAX_FIELD_ERRORS, type FieldError } from '../../platform/domain/domain-error.js';
import { findInvisible, invisibleProblem } from '../../platform/domain/invisible-characters.js';

/**
 * The fields block data is made of, in zod (docs/adr/0082): each builder is a zod schema whose checks carry the
 * answer a client gets (the field's name comes first: `title must be at most 200 characters`), and whose bounds give
 * the JSON Schema of the OpenAPI document and the MCP tools. One field answers one problem, the first it finds.
 */

export type DataValue = string | number | boolean | string[] | number[];
export type BlockData = Record<string, DataValue>;
export type Shape = Record<string, z.ZodType>;

const URL_MAX = 2048;
const FILE_PATH_MAX = 600;
/** The URL fields, normalized before they are stored (see `normalizeUrls`). */
const URL_FIELDS = new WeakSet<z.ZodType>();

/** `schema` with its description for the JSON Schema, when it has one. */
const described = <T extends z.ZodType>(schema: T, description?: string): T => (description ? schema.meta({ description }) : schema);

/** Whether `value` holds a tab, CR, LF or any other C0 control character, or DEL (the URL parser drops some silently). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function parsedUrl(value: string, schemes: readonly string[]): URL | null {
  if (value.length > URL_MAX || hasControlCharacter(value)) return null;
  try {
    const u = new URL(value);
    return schemes.includes(u.protocol.replace(':', '')) && u.hostname.length > 0 ? u : null;
  } catch {
    return null;
  }
}

/**
 * Text: `min` counts what is left once trimmed, and both bounds count UTF-16 code units, as JavaScript's `length`
 * does (zod's `min` and `max` count code points: the bounds are refinements, shown to JSON Schema by `meta`); one line
 * unless `multiline`; never characters nobody can see (docs/adr/0061).
 */
export function text(o: { min?: number; max: number; multiline?: boolean; description?: string }) {
  const min = o.min ?? 0;
  const checked = z
    .string({ error: 'must be a string' })
    .refine((v) => v.trim().length >= min, { error: 'must not be empty' })
    .refine((v) => v.length <= o.max, { error: `must be at most ${o.max} characters` })
    .superRefine((v, ctx) => {
      const found = findInvisible(v, o.multiline ? 'text' : 'line');
      if (found) ctx.addIssue({ code: 'custom', message: invisibleProblem(found) });
    })
    .meta({ ...(min > 0 ? { minLength: min } : {}), maxLength: o.max });
  return described(checked, o.description);
}

/**
 * An absolute URL of one of `schemes`, without control characters; `hosts`, when given, is what its host must be
 * (with `refused`, the answer otherwise).
 */
export function url(o: {
  schemes: readonly ('http' | 'https')[];
  description?: string;
  hosts?: (host: string) => boolean;
  refused?: string;
}) {
  const problem = `must be an absolute ${o.schemes.join(' or ')} URL without control characters`;
  const schema = z
    .string({ error: problem })
    .superRefine((v, ctx) => {
      const u = parsedUrl(v, o.schemes);
      if (!u) ctx.addIssue({ code: 'custom', message: problem });
      else if (o.hosts && !o.hosts(u.hostname)) ctx.addIssue({ code: 'custom', message: o.refused ?? problem });
    })
    .meta({ format: 'uri', maxLength: URL_MAX, description: o.description ?? `${o.schemes.join(' or ')} URL` });
  URL_FIELDS.add(schema);
  return schema;
}

/** A whole number from `min` to `max`. */
export function whole(o: { min: number; max: number; description?: string }) {
  const problem = `must be a whole number from ${o.min} to ${o.max}`;
  return described(z.int({ error: problem }).min(o.min, { error: problem }).max(o.max, { error: problem }), o.description);
}

export const flag = (o: { description?: string } = {}) => described(z.boolean({ error: 'must be true or false' }), o.description);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, o: { description?: string } = {}) =>
  described(z.enum(values, { error: `must be one of ${values.join(', ')}` }), o.description);

/** A lower-case ISO 4217 code. */
export const currency = (o: { description?: string } = {}) => {
  const problem = 'must be a lower-case ISO 4217 code such as usd';
  return described(z.string({ error: problem }).regex(/^[a-z]{3}$/, { error: problem }), o.description);
};

/** A list of `minItems` to `maxItems` whole numbers from `min` to `max`. */
export function wholeList(o: { minItems: number; maxItems: number; min: number; max: number; description?: string }) {
  const size = `must be a list of ${o.minItems} to ${o.maxItems} numbers`;
  const item = `items must be whole numbers from ${o.min} to ${o.max}`;
  const items = z.int({ error: item }).min(o.min, { error: item }).max(o.max, { error: item });
  return described(z.array(items, { error: size }).min(o.minItems, { error: size }).max(o.maxItems, { error: size }), o.description);
}

/** A list of `minItems` to `maxItems` public paths of workspace files (`/files/…`). */
export function filePaths(o: { minItems: number; maxItems: number; description?: string }) {
  const size = `must be a list of ${o.minItems} to ${o.maxItems} file paths`;
  const item = 'items must be public_path values of workspace files';
  const path = z
    .string({ error: item })
    .refine((p) => p.startsWith('/files/') && p.length <= FILE_PATH_MAX, { error: item })
    .meta({ pattern: '^/files/' });
  return described(z.array(path, { error: size }).min(o.minItems, { error: size }).max(o.maxItems, { error: size }), o.description);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOptional = (field: z.ZodType) => field instanceof z.ZodOptional;

/**
 * Every problem of `data` against `shape`, with JSON Pointers under `base`: its unknown fields first (in the order
 * sent), then one per field in the shape's order. A field sent as null counts as left out.
 */
export function dataProblems(schema: z.ZodObject<Shape>, data: unknown, base: string): FieldError[] {
  if (!isPlainObject(data)) return [{ pointer: base, detail: 'data must be a JSON object' }];
  const shape = schema.shape;
  const errors: FieldError[] = Object.keys(data)
    .filter((key) => !Object.hasOwn(shape, key))
    .slice(0, MAX_FIELD_ERRORS)
    .map((key) => ({ pointer: `${base}/${key}`, detail: `unknown field "${key}"` }));
  for (const [name, field] of Object.entries(shape)) {
    if (errors.length >= MAX_FIELD_ERRORS) break;
    const value = Object.hasOwn(data, name) ? data[name] : undefined;
    if (value === undefined || value === null) {
      if (!isOptional(field)) errors.push({ pointer: `${base}/${name}`, detail: `${name} is required` });
      continue;
    }
    const result = field.safeParse(value);
    // A list's own problem (its size) before its items'.
    const issues = result.success ? [] : result.error.issues;
    const first = issues.find((i) => i.path.length === 0) ?? issues[0];
    if (first) errors.push({ pointer: `${base}/${name}`, detail: `${name} ${first.message}` });
  }
  return errors;
}

/**
 * `data` with every URL field in its normalized form, `new URL(url).href` (punycode host, percent-encoded path, query
 * and fragment): what is stored, returned and redirected to is plain ASCII. Call after validation.
 */
export function normalizeUrls(schema: z.ZodObject<Shape>, data: BlockData): BlockData {
  const out: BlockData = { ...data };
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = out[name];
    if (typeof value === 'string' && URL_FIELDS.has(unwrapped(field))) out[name] = new URL(value).href;
  }
  return out;
}

const unwrapped = (field: z.ZodType): z.ZodType => (field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field);

/** The JSON Schema of a kind's data, as the OpenAPI document and the MCP tools show it. */
export function jsonSchemaOf(schema: z.ZodObject<Shape>): Record<string, unknown> {
  const { type, properties, required, additionalProperties } = z.toJSONSchema(schema) as {
    type: string;
    properties: Record<string, { type: string }>;
    required?: string[];
    additionalProperties: false;
  };
  // `type` first, as a reader expects it (zod puts an array's bounds before it).
  const typed = Object.fromEntries(Object.entries(properties).map(([name, { type: t, ...rest }]) => [name, { type: t, ...rest }]));
  return { type, additionalProperties, properties: typed, ...(required ? { required } : {}) };
}
