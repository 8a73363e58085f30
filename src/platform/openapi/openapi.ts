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
    code: { type: 'string', enum: Object.keys(ERROR_CATALOG) },
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
        'Within 1.x changes are additive (see the changelog and the compatibility policy in the repository).',
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
  };
  document.paths['/v1/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI document (no key needed)',
      tags: ['Meta'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };
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
