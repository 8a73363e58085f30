// The JSON Schemas a tool declares, kept small (ADR 0073). Every tools/list answer carries all of them, and an
// assistant reads that answer on every turn, so each byte is paid for again and again. MCP wants each tool's schemas
// self-contained (no reference to another tool or to the OpenAPI components), so one schema cannot be shared by many
// tools; instead an input schema keeps every keyword that validates and loses only what repeats or means nothing to
// JSON Schema, and an output schema is an outline of the answer: the names of its fields.
import type { JsonSchema } from './openapi.js';

/** Keywords of the OpenAPI document that constrain nothing in JSON Schema: OpenAPI's own, and examples. */
const ANNOTATIONS = new Set(['discriminator', 'example', 'examples', 'externalDocs', 'xml', '$comment', 'deprecated']);
/** Keywords whose value maps names (of fields, patterns, definitions) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** Keywords whose value is data, not a schema. */
const VALUES = new Set(['enum', 'const', 'default', 'required', 'dependentRequired']);

const isSchema = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);
const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * An input schema as a tool sends it. Every keyword that validates is kept (types, `required`, enums, bounds,
 * patterns, formats, `additionalProperties`, unions), and so are defaults, titles and descriptions, but each thing is
 * said once:
 * - a description already given for a field of the same name earlier in the tool is left out (the stamp
 *   `expected_updated_at` in each block kind of add_block), and so is one that only spells the field's
 *   name (`Page ID` for `page_id`);
 * - in a union with an OpenAPI `discriminator` (add_block's body by `kind`), each variant is named by its value of the
 *   discriminating field (`kind: LINK`), so its titles (`Add a LINK block`, `LINK block data`) are left out;
 * - OpenAPI's own keywords (`discriminator`), examples and `x-` extensions are left out: they constrain nothing;
 * - an optional field spelled as a union with null is spelled as a type list (see `nullable`).
 */
export function compactInput(schema: JsonSchema): JsonSchema {
  const said = new Set<string>();
  const walk = (node: unknown, field: string, named: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, field, named));
    if (!isSchema(node)) return node;
    const variantsNamed = named || isSchema(node.discriminator);
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
      if (key === 'title' && named) continue;
      if (key === 'description' && typeof value === 'string') {
        const once = `${field}\u0000${value}`;
        if (said.has(once) || (field && letters(value) === letters(field))) continue;
        said.add(once);
        out[key] = value;
      } else if (SCHEMA_MAPS.has(key) && isSchema(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, walk(sub, name, named)]));
      } else if (VALUES.has(key)) {
        out[key] = value;
      } else {
        out[key] = walk(value, field, (key === 'oneOf' || key === 'anyOf') && variantsNamed ? true : named);
      }
    }
    return nullable(out);
  };
  return walk(schema, '', false) as JsonSchema;
}

/** Keywords that constrain a value of any type, so that a schema holding one cannot also admit null unchanged. */
const ANY_TYPE = ['enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];

/**
 * `{anyOf: [{type: 'string', maxLength: 300}, {type: 'null'}]}` (an optional field of a merge patch, as the document
 * spells it) as `{type: ['string', 'null'], maxLength: 300}`: the same values (a string keyword says nothing of null),
 * in half the bytes. Any other union is left as it is.
 */
function nullable(schema: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || Object.keys(rest).some((key) => key !== 'description')) return schema;
  const isNull = (branch: unknown) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
  const other = anyOf.find((branch) => !isNull(branch));
  if (!anyOf.some(isNull) || !isSchema(other) || typeof other.type !== 'string' || ANY_TYPE.some((key) => key in other)) return schema;
  return { ...other, type: [other.type, 'null'], ...rest };
}

/**
 * What an assistant needs of an answer's shape: the names of its fields, without their types or constraints (the
 * answer's text shows its values, and the descriptions say which field to keep: `draft.updated_at`). The outline
 * requires nothing and constrains no field, so every JSON object passes it: the API's problem+json of an error too,
 * which a client checks against the same schema, with no branch of its own.
 */
export function outline(schema: JsonSchema): JsonSchema {
  return { type: 'object', properties: Object.fromEntries(Object.keys(propertiesOf(schema)).map((name) => [name, {}])) };
}

/** The properties of an object schema, or those of its object variants (a `oneOf` of shapes), in order. */
function propertiesOf(schema: unknown): Record<string, unknown> {
  if (!isSchema(schema)) return {};
  const union = [schema.oneOf, schema.anyOf].find(Array.isArray) as unknown[] | undefined;
  const own = isSchema(schema.properties) ? schema.properties : {};
  return Object.assign({}, own, ...(union ?? []).map(propertiesOf)) as Record<string, unknown>;
}

/** The fields of a problem+json an assistant acts on: the HTTP status and the code to branch on. */
const PROBLEM_FIELDS = ['status', 'code'];

/**
 * The API's problem+json, as the second branch of an output schema whose success is strict (the `{deleted: true}`
 * of a 204, which allows nothing else): the fields a caller branches on, with their types, required as the document
 * requires them (the rest, `detail`, `errors` and `request_id`, is in the error's text).
 */
export function problemOutline(problem: JsonSchema): JsonSchema {
  const properties = isSchema(problem.properties) ? problem.properties : {};
  const fields = PROBLEM_FIELDS.filter((name) => isSchema(properties[name]));
  const required = Array.isArray(problem.required) ? fields.filter((name) => (problem.required as string[]).includes(name)) : [];
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((name) => [name, { type: (properties[name] as JsonSchema).type }])),
    ...(required.length ? { required } : {}),
  };
}
