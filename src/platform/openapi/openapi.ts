import { Controller, Get, Injectable, type INestApplication } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CATALOG } from '../errors/error-catalog.js';

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

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The payload schemas of the events, keyed by type: what each envelope's `data` holds. */
const EVENT_DATA: Record<string, { summary: string; data: Record<string, unknown> }> = {
  'contact.created': {
    summary: 'A contact was captured (newsletter sign-up, form, gated download)',
    data: { type: 'object', required: ['contact'], properties: { contact: schemaRef('ContactResponse') } },
  },
  'page.published': {
    summary: 'A page went live, published at once or when its schedule fired',
    data: {
      type: 'object',
      required: ['page'],
      properties: {
        page: {
          type: 'object',
          required: ['id', 'title', 'slug', 'published_at'],
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            slug: { type: 'string' },
            published_at: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
  },
  'sale.paid': {
    summary: 'A tip or digital-product sale completed',
    data: { type: 'object', required: ['sale'], properties: { sale: schemaRef('WebhookSale') } },
  },
  'sale.refunded': {
    summary: 'A sale was refunded',
    data: { type: 'object', required: ['sale'], properties: { sale: schemaRef('WebhookSale') } },
  },
  'endpoint.test': {
    summary: 'Sent on endpoint creation, on a URL change and by the test operation (never subscribed, never stored)',
    data: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  },
};

const WEBHOOK_SALE = {
  type: 'object',
  required: ['id', 'kind', 'gross_amount_cents', 'net_amount_cents', 'currency', 'customer_email', 'created_at'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['PRODUCT', 'TIP'] },
    gross_amount_cents: { type: 'integer' },
    net_amount_cents: { type: 'integer' },
    currency: { type: 'string' },
    customer_email: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

/**
 * OpenAPI 3.1 `webhooks`: what the service POSTs to an endpoint, one entry per event type, so a tool can type a
 * receiver. The set of types is open: receivers must accept (and may ignore) types they do not know.
 */
function webhooks(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(EVENT_DATA).map(([type, { summary, data }]) => [
      type,
      {
        post: {
          operationId: `on${type.replace(/(^|\.)(\w)/g, (_m, _dot, c: string) => c.toUpperCase())}`,
          summary,
          tags: ['Webhooks'],
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
    const schema = schemas[name];
    schema.additionalProperties = false;
    for (const property of Object.values(schema.properties ?? {}) as { $ref?: string; items?: { $ref?: string } }[]) {
      close(property.$ref);
      close(property.items?.$ref);
    }
  };
  for (const ops of Object.values(document.paths))
    for (const op of Object.values(ops) as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }[])
      for (const media of Object.values(op?.requestBody?.content ?? {})) close(media.schema?.$ref);
}

/** Builds the OpenAPI 3.1 description from the controllers' decorators. */
export function buildOpenApiDocument(
  app: INestApplication,
  publicApiUrl: string,
  extraSchemas: Record<string, unknown> = {},
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Bio-Page Publishing API')
    .setDescription(
      'Workspace-scoped REST API for bio pages, contacts, files, analytics and signed webhooks. ' +
        'Errors are RFC 9457 problem+json; every response carries X-Request-Id; ' +
        'successful responses carry RateLimit-Policy and RateLimit.' +
        `\n\nThis document: [${publicApiUrl}/v1/openapi.json](${publicApiUrl}/v1/openapi.json). ` +
        `Each error code has a page under [/docs/errors](${publicApiUrl}/docs/errors/invalid-request) (the \`type\` of every problem). ` +
        'Within 1.x changes are additive (see the changelog and the compatibility policy in the repository).' +
        '\n\n**Getting started.** (1) Get a key: `npm start` prints a demo key on its first start; with your own database, ' +
        '`bin/bio-page workspace create --name Studio` then `bin/bio-page key create --workspace <id>`. ' +
        '(2) Authorize above with it (kept across reloads) and try `POST /v1/pages`. ' +
        '(3) Create a webhook endpoint; verify each delivery on its raw body with the `standardwebhooks` package and the ' +
        '`whsec_` secret returned once; the payloads are described under Webhooks.',
    )
    .setVersion('1.0.0')
    .addServer(publicApiUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'bp_live_… or bp_test_…' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'apiKey')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (_c, method) => method });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(extraSchemas as Record<string, never>), Problem: PROBLEM_SCHEMA as never },
    headers: RESPONSE_HEADERS as never,
  };
  (document.components.schemas as Record<string, unknown>).WebhookSale = WEBHOOK_SALE;
  document.webhooks = webhooks() as never;
  closeRequestBodies(document);
  document.paths['/v1/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI document (no key needed)',
      tags: ['Meta'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
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
