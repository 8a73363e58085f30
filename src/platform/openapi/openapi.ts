import { Controller, Get, Injectable, type INestApplication } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CATALOG, errorSlug, type ErrorCode } from '../errors/error-catalog.js';
import type { IntegrationEvent } from '../outbox/integration-event.js';
import { PARAMETER_EXAMPLES, type OpenApiContribution, type SchemaExamples } from './examples.js';

/** Holds the generated OpenAPI document (built once the module graph is complete). */
@Injectable()
export class OpenApiDocument {
  document: OpenAPIObject | null = null;
}

const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'instance', 'code', 'request_id'],
  properties: {
    type: { type: 'string', format: 'uri', description: '{docs_url}/errors/<code-with-hyphens>' },
    title: { type: 'string' },
    status: { type: 'integer' },
    instance: { type: 'string', description: 'urn:request:<request_id>' },
    // Open: new codes may appear within 1.x (docs/compatibility.md); the known ones are listed, not enforced.
    code: {
      type: 'string',
      description: `Branch on this. Known values: ${Object.keys(ERROR_CATALOG).join(', ')}. Treat an unknown code by its HTTP status.`,
      examples: Object.keys(ERROR_CATALOG),
    },
    request_id: { type: 'string', description: 'equals the X-Request-Id header' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { pointer: { type: 'string' }, parameter: { type: 'string' }, detail: { type: 'string' } },
        required: ['detail'],
      },
    },
  },
};

/** The response headers operations document (platform/http/pipeline/operation.ts refers to them). */
const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: 'The request id: the `request_id` of a problem, and of the request in the logs. A client-sent safe value is echoed.',
    required: true,
    schema: { type: 'string', examples: ['req_4f1c2d…'] },
  },
  RateLimit: {
    description: 'Remaining requests and seconds to reset, per policy (draft-ietf-httpapi-ratelimit-headers): `"burst";r=97;t=8, …`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The limits that apply to the key: `"burst";q=100;w=10, "monthly";q=100000;w=2592000`.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored result of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** The Standard Webhooks headers every delivery carries (decisions: the contract's "Headers and signature"). */
const WEBHOOK_HEADERS = [
  { name: 'webhook-id', description: 'The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it.' },
  { name: 'webhook-timestamp', description: 'Unix time in seconds of this attempt; refuse it when more than 300 s away from now.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); ' +
      'two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package.',
  },
].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

/**
 * OpenAPI 3.1 `webhooks`: what the service POSTs to an endpoint, one entry per event type, so a tool can type a
 * receiver. The set of types is open: receivers must accept (and may ignore) types they do not know.
 */
function webhooks(events: readonly IntegrationEvent[]): Record<string, unknown> {
  return Object.fromEntries(
    events.map(({ type, summary, schema: data, example }) => [
      type,
      {
        post: {
          operationId: `on${type.replace(/(^|\.)(\w)/g, (_m, _dot, c: string) => c.toUpperCase())}`,
          summary,
          tags: ['Webhooks'],
          // Not an API call: the receiver authenticates the sender by the signature headers.
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'created_at', 'data'],
                  properties: {
                    id: { type: 'string', pattern: '^whmsg_', description: 'Stable across retries and resends.' },
                    type: { type: 'string', const: type },
                    created_at: { type: 'string', format: 'date-time' },
                    data,
                  },
                },
                example: { id: 'whmsg_LVTj7sEWgmrttSBVutOaNxI0', type, created_at: '2026-11-24T04:25:00.000Z', data: example },
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried.' },
          },
        },
      },
    ]),
  );
}

/** The API's tags, with what each covers. */
const TAGS = [
  { name: 'Pages', description: 'Pages and their blocks: the draft edited through the API, and publishing it live.' },
  { name: 'Contacts', description: 'Contacts captured by live pages (sign-ups, gated downloads) and the CLI.' },
  { name: 'Files', description: 'Files uploaded to the workspace, served at their public path.' },
  { name: 'Analytics', description: 'Views, clicks, referrers and tips over the last 7, 30 or 90 days.' },
  { name: 'Webhooks', description: 'Signed webhook endpoints, their deliveries, retries, resend and replay.' },
  { name: 'Meta', description: 'This document.' },
];

/**
 * Request bodies refuse unknown fields (validation forbids them), so their schemas, and the schemas their
 * properties refer to, say `additionalProperties: false`. Block `data` (a choice between the kinds' schemas)
 * is left as its kind's schema says.
 */
function closeRequestBodies(document: OpenAPIObject): void {
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
 * error code (`problem.<code>`, its `type` under the docs URL); every JSON request body and response whose schema has
 * examples refers to them, and every parameter of a known name gets its example.
 */
function addExamples(document: OpenAPIObject, examples: SchemaExamples, docsUrl: string): void {
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
    refer(op.requestBody?.content?.['application/json']);
    for (const response of Object.values(op.responses ?? {})) refer(response.content?.['application/json']);
    for (const parameter of op.parameters ?? [])
      if (parameter.example === undefined && parameter.name in PARAMETER_EXAMPLES) parameter.example = PARAMETER_EXAMPLES[parameter.name];
  }
}

/** Applies the contexts' contributions: their component schemas, replaced property schemas and examples. */
function contribute(document: OpenAPIObject, contributions: OpenApiContribution[]): SchemaExamples {
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

/** Builds the OpenAPI 3.1 description from the controllers' decorators and the contexts' contributions. */
export function buildOpenApiDocument(
  app: INestApplication,
  urls: { publicApiUrl: string; docsUrl: string },
  contributions: OpenApiContribution[] = [],
): OpenAPIObject {
  const { publicApiUrl, docsUrl } = urls;
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Bio-Page Publishing API')
    .setDescription(
      'Workspace-scoped REST API for bio pages, contacts, files, analytics and signed webhooks. ' +
        'Errors are RFC 9457 problem+json; every response carries X-Request-Id; ' +
        'successful responses carry RateLimit-Policy and RateLimit. ' +
        'A method that a path does not offer gets 405 `method_not_allowed` with an `Allow` header listing those it does; ' +
        'a path that does not exist gets 404 `route_not_found`.' +
        `\n\nThis document: [${publicApiUrl}/v1/openapi.json](${publicApiUrl}/v1/openapi.json). ` +
        `Each error code has a page under [/docs/errors](${publicApiUrl}/docs/errors/invalid-request) (the \`type\` of every problem). ` +
        'Within 1.x changes are additive (see the changelog and the compatibility policy in the repository).' +
        '\n\n**Getting started.** (1) Get a key: `npm start` prints a demo key on its first start; with your own database, ' +
        '`bin/bio-page workspace create --name Studio` then `bin/bio-page key create --workspace <id>`. ' +
        '(2) Authorize above with it (kept across reloads) and try `POST /v1/pages`. ' +
        '(3) Create a webhook endpoint; verify each delivery on its raw body with the `standardwebhooks` package and the ' +
        '`whsec_` secret returned once; the payloads are described under Webhooks. ' +
        '(4) From TypeScript, use the SDK in `clients/typescript/` of the repository, generated from this document.',
    )
    .setVersion('1.0.0')
    .setLicense('MIT', 'https://opensource.org/license/mit')
    .setContact('Bio-Page API', `${docsUrl}`, 'api@bio-page.example')
    .addServer(publicApiUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'bp_live_… or bp_test_…' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'apiKey')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (_c, method) => method });
  const events = contributions.flatMap((c) => c.webhooks ?? []);
  document.components = {
    ...document.components,
    // The schemas the webhook payloads refer to (docs/adr/0041), after the problem schema.
    schemas: {
      ...document.components?.schemas,
      Problem: PROBLEM_SCHEMA as never,
      ...(Object.assign({}, ...events.map((e) => e.components)) as object),
    },
    headers: RESPONSE_HEADERS as never,
  };
  const examples = contribute(document, contributions);
  document.webhooks = webhooks(events) as never;
  closeRequestBodies(document);
  addExamples(document, examples, docsUrl);
  document.paths['/v1/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI document (no key needed)',
      description: 'The OpenAPI 3.1 description of this API, the one the SDK is generated from.',
      tags: ['Meta'],
      security: [],
      responses: {
        '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } },
        '4XX': {
          description: 'Problem: a request that cannot be read (a malformed URL or HTTP), invalid_request',
          headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      },
    },
  };
  document.tags = TAGS.filter((t) =>
    Object.values(document.paths).some((ops) => Object.values(ops).some((o) => (o as { tags?: string[] })?.tags?.includes(t.name))),
  );
  return document;
}

@ApiExcludeController()
@Controller('v1/openapi.json')
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocument) {}

  @Get()
  get(): OpenAPIObject | null {
    return this.holder.document;
  }
}
