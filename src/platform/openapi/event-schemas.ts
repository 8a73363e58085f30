import { z } from 'zod';
import { EVENT_COMPONENTS, type IntegrationEvent } from '../outbox/integration-event.js';

/** A JSON Schema in the OpenAPI 3.1 dialect (`$ref` to `#/components/schemas/...` allowed). */
export type JsonSchema = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/** These keywords first, in the order the document has always listed them (a regenerated document diffs cleanly). */
const ORDER = ['type', 'required', 'additionalProperties', 'properties'];
const rank = (keyword: string): number => {
  const i = ORDER.indexOf(keyword);
  return i < 0 ? ORDER.length : i;
};

/** A generated schema as the document writes it: keywords in order, `$defs` references as component references. */
function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (!schema || typeof schema !== 'object') return schema;
  const keywords = Object.entries(schema as Record<string, unknown>).sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(
    keywords.map(([k, v]) => {
      if (k === '$ref' && typeof v === 'string') return [k, v.replace('#/$defs/', COMPONENTS)];
      if (k === 'properties' && v && typeof v === 'object')
        return [k, Object.fromEntries(Object.entries(v).map(([name, p]) => [name, tidy(p)]))];
      return [k, tidy(v)];
    }),
  );
}

/**
 * The JSON Schemas of the events' `data`, generated from their zod schemas, and the component schemas their named
 * parts (EVENT_COMPONENTS) become. A part an API operation already defines is referred to, not defined again; its
 * generated schema is in `apiDefined`, for a test to hold the two together.
 */
export function eventSchemas(events: readonly IntegrationEvent[]): {
  data: Map<string, JsonSchema>;
  components: Record<string, JsonSchema>;
  apiDefined: Record<string, JsonSchema>;
} {
  const data = new Map<string, JsonSchema>();
  const components: Record<string, JsonSchema> = {};
  const apiDefined: Record<string, JsonSchema> = {};
  const apiIds = new Set<string>();
  for (const event of events) {
    const { $defs, ...schema } = z.toJSONSchema(event.data, {
      metadata: EVENT_COMPONENTS,
      // The input side: objects stay open to fields added within 1.x unless a schema is strict.
      io: 'input',
      override: ({ zodSchema, jsonSchema }) => {
        const meta = EVENT_COMPONENTS.get(zodSchema);
        if (meta?.api) {
          apiIds.add(meta.id);
          delete jsonSchema.api;
        }
        // `format` and `integer` say what a reader needs; zod's date-time pattern and safe-integer bounds add only noise.
        if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) {
          delete jsonSchema.minimum;
          delete jsonSchema.maximum;
        }
      },
    });
    delete schema.$schema;
    data.set(event.type, tidy(schema) as JsonSchema);
    for (const [id, def] of Object.entries($defs ?? {})) (apiIds.has(id) ? apiDefined : components)[id] = tidy(def) as JsonSchema;
  }
  return { data, components, apiDefined };
}
