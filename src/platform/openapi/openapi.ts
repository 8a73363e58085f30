import { Controller, Get, Injectable, Req, Res, type INestApplication } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Precompressed } from '../http/compression.js';
import { AccessControl } from '../http/pipeline/access-control.js';
import { presentedKey } from '../http/pipeline/operation.guard.js';
import { ApiExcludeController, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { eventSchemas } from './event-schemas.js';
import type { OpenApiContribution } from './examples.js';
import { PROBLEM_SCHEMA, RESPONSE_HEADERS, TAGS, webhooks } from './openapi.components.js';
import { addExamples, closeRequestBodies, contribute } from './openapi.post-process.js';

/** Holds the generated OpenAPI document (built once the module graph is complete). */
@Injectable()
export class OpenApiDocument {
  document: OpenAPIObject | null = null;
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
    .addServer(publicApiUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'bp_live_… or bp_test_…' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'apiKey')
    .build();
  // The project has no support address: the contact is the API reference this service serves (ADR 0073). Spectral's
  // info-contact rule wants one.
  config.info.contact = { name: 'Bio-Page API', url: docsUrl };
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (_c, method) => method });
  const events = contributions.flatMap((c) => c.webhooks ?? []);
  const payloads = eventSchemas(events);
  document.components = {
    ...document.components,
    // The schemas the webhook payloads refer to (docs/adr/0041), after the problem schema.
    schemas: {
      ...document.components?.schemas,
      Problem: PROBLEM_SCHEMA as never,
      ...payloads.components,
    },
    headers: RESPONSE_HEADERS as never,
  };
  const examples = contribute(document, contributions);
  document.webhooks = webhooks(events, payloads.data) as never;
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
        '200': {
          description: 'OpenAPI 3.1 document. When a recognised API key is sent along, what it may do is told back in headers.',
          headers: {
            'X-Api-Key-Scopes': { $ref: '#/components/headers/X-Api-Key-Scopes' },
            'X-Api-Key-Mode': { $ref: '#/components/headers/X-Api-Key-Mode' },
          },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
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
  constructor(
    private readonly holder: OpenApiDocument,
    private readonly access: AccessControl,
  ) {}

  private encoded: { of: OpenAPIObject; body: Precompressed } | undefined;

  /** No key needed; a key sent along is told back what it may do (X-Api-Key-Scopes, X-Api-Key-Mode). */
  @Get()
  async get(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = presentedKey(req.headers);
    if (key) req.caller = (await this.access.identify(key)) ?? undefined;
    const document = this.holder.document;
    if (!document) throw new Error('the OpenAPI document is built before the application listens');
    // Serialised and compressed once: the document does not change while the process runs.
    if (this.encoded?.of !== document)
      this.encoded = { of: document, body: new Precompressed(JSON.stringify(document), 'application/json; charset=utf-8') };
    this.encoded.body.send(req, reply);
  }
}
