import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CATALOG, errorSlug, type ErrorCode } from '../errors/error-catalog.js';
import { PARAMETER_EXAMPLES, type OpenApiContribution, type SchemaExamples } from './examples.js';

/** What is done to the document Nest's decorators produce: the contexts' contributions, examples, closed bodies. */

/**
 * Request bodies refuse unknown fields (validation forbids them), so their schemas, and the schemas their
 * properties refer to, say `additionalProperties: false`. Block `data` (a choice between the kinds' schemas)
 * is left as its kind's schema says.
 */
export function closeRequestBodies(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<
    string,
    { properties?: Record<string, unknown>; additionalProperties?: boolean }
  >;
  const seen = new Set<string>();
  const close = (ref: unknown) => {
    const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : null;
    if (!name || seen.has(name) || !schemas[name]) return;
    seen.add(name);
    const schema = schemas[name] as (typeof schemas)[string] & { oneOf?: { $ref?: string }[] };
    for (const variant of schema.oneOf ?? []) close(variant.$ref);
    if (!schema.properties) return;
    schema.additionalProperties = false;
    for (const property of Object.values(schema.properties) as { $ref?: string; items?: { $ref?: string } }[]) {
      close(property.$ref);
      close(property.items?.$ref);
    }
  };
  for (const ops of Object.values(document.paths))
    for (const op of Object.values(ops) as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }[])
      for (const media of Object.values(op?.requestBody?.content ?? {})) close(media.schema?.$ref);
}

type Operation = {
  parameters?: { name: string; example?: unknown; schema?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};
type Media = { schema?: { $ref?: string }; examples?: Record<string, unknown> };

const operationsOf = (document: OpenAPIObject): Operation[] =>
  Object.values(document.paths).flatMap((item) => Object.values(item).filter((o) => o && typeof o === 'object' && 'responses' in o));

/**
 * Examples everywhere: `components.examples` holds each context's examples (`<Schema>.<name>`) and one problem per
 * error code (`problem.<code>`, its `type` under the docs URL); every JSON (or multipart) request body and response whose schema has
 * examples refers to them, and every parameter of a known name gets its example.
 */
export function addExamples(document: OpenAPIObject, examples: SchemaExamples, docsUrl: string): void {
  const components: Record<string, { summary: string; value: unknown }> = {};
  for (const [schema, named] of Object.entries(examples))
    for (const [name, example] of Object.entries(named)) components[`${schema}.${name}`] = example;
  // Route-level codes (route_not_found, method_not_allowed) answer requests that are no operation: no example.
  const referenced = new Set(JSON.stringify(document.paths).match(/problem\.[a-z_]+/g) ?? []);
  for (const [code, spec] of Object.entries(ERROR_CATALOG)) {
    if (!referenced.has(`problem.${code}`)) continue;
    const requestId = 'req_8d1f0c2b6a7e4c3f9b5a1d2e3f4a5b6c';
    components[`problem.${code}`] = {
      summary: spec.title,
      value: {
        type: `${docsUrl}/errors/${errorSlug(code as ErrorCode)}`,
        title: spec.title,
        status: spec.status,
        instance: `urn:request:${requestId}`,
        code,
        request_id: requestId,
        detail: spec.description,
        ...(code === 'invalid_request' ? { errors: [{ pointer: '/title', detail: 'title must be 1 to 120 characters.' }] } : {}),
      },
    };
  }
  document.components = { ...document.components, examples: components };
  const refer = (media: Media | undefined) => {
    const schema = media?.schema?.$ref?.replace('#/components/schemas/', '');
    if (!media || media.examples || !schema || !examples[schema]) return;
    media.examples = Object.fromEntries(Object.keys(examples[schema]).map((n) => [n, { $ref: `#/components/examples/${schema}.${n}` }]));
  };
  for (const op of operationsOf(document)) {
    refer(op.requestBody?.content?.['application/json'] ?? op.requestBody?.content?.['multipart/form-data']);
    for (const response of Object.values(op.responses ?? {})) refer(response.content?.['application/json']);
    for (const parameter of op.parameters ?? []) {
      // A parameter whose schema has an example of its own takes it (the event stream's `after` is an event id, not a
      // cursor); the others, the example of their name.
      const own = (parameter.schema as { example?: unknown } | undefined)?.example;
      if (parameter.example === undefined) parameter.example = own ?? PARAMETER_EXAMPLES[parameter.name];
      if (parameter.example === undefined) delete parameter.example;
    }
  }
}

/** Applies the contexts' contributions: their component schemas, replaced property schemas and examples. */
export function contribute(document: OpenAPIObject, contributions: OpenApiContribution[]): SchemaExamples {
  const schemas = document.components!.schemas as Record<string, { properties?: Record<string, { description?: string }> }>;
  for (const c of contributions) Object.assign(schemas, c.schemas ?? {});
  for (const c of contributions)
    for (const [path, schema] of Object.entries(c.properties ?? {})) {
      const [owner, property] = path.split('.');
      const current = schemas[owner]?.properties?.[property];
      if (!current) throw new Error(`OpenAPI contribution: no property ${path} to replace`);
      schemas[owner].properties![property] = { ...(current.description ? { description: current.description } : {}), ...schema };
    }
  return Object.assign({}, ...contributions.map((c) => c.examples ?? {})) as SchemaExamples;
}
