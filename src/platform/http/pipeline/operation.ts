import { applyDecorators, HttpCode, SetMetadata, type Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes, ApiExtension, ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../domain/domain-error.js';
import { ERROR_CATALOG, type ErrorCode } from '../../errors/error-catalog.js';

export interface OperationSpec {
  /** OpenAPI operationId */
  id: string;
  summary: string;
  /** the API key scope the operation needs (checked by the access context) */
  scope: string;
  /** a write is refused to test-mode keys and runs in one transaction */
  write: boolean;
  /** monthly quota units (contract: 1 for the seven listed operations, else 0) */
  quotaCost: 0 | 1;
  /** an IDEM operation: honours Idempotency-Key */
  idempotent: boolean;
  status: number;
  query?: Type<object>;
  /**
   * Runs when input validation fails, before the 400 is sent: lets a domain outcome that must win over
   * validation (a stale `expected_updated_at` gives 409 stale_snapshot) be reported instead.
   */
  onInvalidInput?: Type<InvalidInputCheck>;
  body?: Type<object>;
  /**
   * The domain's rules on the body beyond its fields' shapes (titles, slugs, block data, URLs), checked with them in
   * one pass so that a 400 lists every error of the body at once (docs/adr/0071). A provider of the module.
   */
  bodyRules?: Type<BodyRules>;
  /** false for a body that may be left out entirely (publish, archive); default true */
  bodyRequired?: boolean;
  /**
   * A `multipart/form-data` body (an upload, docs/adr/0045) instead of JSON: `schema` describes it in the OpenAPI
   * document; `reader` reads and checks it after the access checks, where a JSON body is validated.
   */
  multipart?: { schema: Type<object>; reader: Type<StreamedBodyReader> };
  response?: Type<unknown>;
  /**
   * A success response that is a stream of another media type instead of a JSON `response` (the event stream:
   * `text/event-stream`, docs/adr/0067): described in words, with an example of its text. Neither the SDK's generated
   * methods nor the MCP server's tools cover such an operation (a call of theirs returns once).
   */
  stream?: { mediaType: string; description: string; example: string };
  /** error codes this operation returns beyond the common ones (e.g. resource_not_found, stale_snapshot) */
  errors?: ErrorCode[];
  /** what a caller should know or read first (e.g. the `expected_updated_at` stamp), first in the description */
  guide?: string;
  /** undoes something a caller cannot simply redo (takes a page offline, deletes): `x-destructive` */
  destructive?: true;
  /** makes the service reach a URL outside it (a webhook receiver): `x-open-world` */
  openWorld?: true;
}

export const OPERATION = 'bp:operation';

/** The Fastify route option that lets the multipart parser through to a route (installBodyParsers). */
export const MULTIPART_ROUTE = 'multipart';

/** A body an operation's own reader read (a multipart upload): its input, and what reading left behind. */
export interface StreamedBody {
  /** the checked input, which the handler reads through `@Input('body')` */
  input: object;
  /** what the idempotency fingerprint covers in place of a parsed JSON body (e.g. a hash of the bytes) */
  fingerprint: unknown;
  /** removes what reading kept (staged bytes); called whenever the operation did not succeed */
  discard(): Promise<void>;
}

/** Reads an operation's streamed body; a refusal is thrown as a problem or a domain error (400, 413, 415). */
export interface StreamedBodyReader {
  read(request: FastifyRequest): Promise<StreamedBody>;
}

/**
 * Checks the fields of a body that passed their shape checks (no I/O); `reported` names the fields that did not
 * (left out of `body`, their errors already listed). Returns the field errors found.
 */
export interface BodyRules<T extends object = object> {
  check(body: Partial<T>, reported: ReadonlySet<string>): FieldError[];
}

export interface InvalidInputCheck {
  check(request: import('fastify').FastifyRequest): Promise<void>;
}

/** Codes every operation can return (contract: Errors), plus 503 when the database is unreachable, 408 and 431. */
const COMMON_ERRORS: ErrorCode[] = [
  'invalid_request',
  'invalid_api_key',
  'insufficient_scope',
  'feature_not_enabled',
  'test_key_read_only',
  'rate_limited',
  'quota_exhausted',
  'internal_error',
  'service_unavailable',
  // Answered before routing, to any request: one that trickles in, or whose headers are too large.
  'request_timeout',
  'request_header_fields_too_large',
];

/** A response header defined once in `components.headers` (see platform/openapi). */
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers a response of `status` carries (documented, so that generated clients type them). */
function responseHeaders(spec: OperationSpec, status: number): Record<string, { $ref: string }> {
  const rateLimit = { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') };
  // A response to a recognised key tells its scopes and mode (not a 401, nor what is refused before the key is read).
  const introspection: Record<string, { $ref: string }> =
    status === 401 || status === 408 || status === 431
      ? {}
      : { 'X-Api-Key-Scopes': header('X-Api-Key-Scopes'), 'X-Api-Key-Mode': header('X-Api-Key-Mode') };
  return {
    'X-Request-Id': header('X-Request-Id'),
    ...introspection,
    ...(status < 300 ? rateLimit : {}),
    ...(status < 300 && spec.idempotent ? { 'Idempotent-Replayed': header('Idempotent-Replayed') } : {}),
    ...(status === 429 ? { ...rateLimit, 'Retry-After': header('Retry-After') } : {}),
    ...(status === 503 || (status === 409 && spec.idempotent) ? { 'Retry-After': header('Retry-After') } : {}),
  };
}

/** One OpenAPI problem response per status, naming the codes it can carry, with an example of each. */
function errorResponses(spec: OperationSpec): MethodDecorator[] {
  const codes = [
    ...COMMON_ERRORS,
    // Fastify refuses an oversized body and the body parsers a media type other than JSON.
    ...(spec.body || spec.multipart ? (['payload_too_large', 'unsupported_media_type'] as ErrorCode[]) : []),
    ...(spec.idempotent ? (['idempotency_request_in_progress', 'idempotency_key_reused'] as ErrorCode[]) : []),
    ...(spec.errors ?? []),
  ];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CATALOG[code].status, [...(byStatus.get(ERROR_CATALOG[code].status) ?? []), code]);
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, list]) =>
      ApiResponse({
        status,
        description: `Problem: ${list.join(', ')}`,
        headers: responseHeaders(spec, status),
        content: {
          'application/problem+json': {
            schema: { $ref: '#/components/schemas/Problem' },
            // One example per code, defined once in components.examples (platform/openapi/openapi.ts).
            examples: Object.fromEntries(list.map((code) => [code, { $ref: `#/components/examples/problem.${code}` }])),
          },
        },
      }),
    );
}

/** Metadata keys @nestjs/swagger stores model properties under (not exported from its entry point). */
const MODEL_PROPERTIES = 'swagger/apiModelProperties';
const MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

/** One OpenAPI query parameter per property of a query DTO (the interceptor, not Nest, validates them). */
function queryParameters(dto: Type<object> | undefined): MethodDecorator[] {
  if (!dto) return [];
  const names = (Reflect.getMetadata(MODEL_PROPERTIES_ARRAY, dto.prototype) ?? []) as string[];
  return names.map((entry) => {
    const name = entry.replace(/^:/, '');
    const meta = (Reflect.getMetadata(MODEL_PROPERTIES, dto.prototype, name) ?? {}) as Record<string, unknown>;
    const { required, ...schema } = meta;
    // @ApiProperty leaves `required` unset (meaning required); @ApiPropertyOptional sets it to false.
    if (Array.isArray(schema.enum)) {
      // ApiQuery would turn an enum into a plain `number` and drop its default: spell the schema out.
      const type = typeof schema.type === 'string' ? schema.type : typeof schema.enum[0] === 'number' ? 'number' : 'string';
      const own = { type, enum: schema.enum, ...(schema.default === undefined ? {} : { default: schema.default }) };
      return ApiQuery({ name, required: required !== false, description: schema.description, schema: own } as never);
    }
    return ApiQuery({ name, required: required !== false, ...(schema as object) } as never);
  });
}

/**
 * Declares a public API operation. The access guard and the operation interceptor read this one record
 * to run the checks in the contract's order; the OpenAPI document is generated from it too.
 */
export function Operation(spec: OperationSpec): MethodDecorator {
  if (spec.idempotent && !spec.write) throw new Error(`${spec.id}: only write operations can be idempotent (IDEM)`);
  return applyDecorators(
    SetMetadata(OPERATION, spec),
    HttpCode(spec.status),
    ApiOperation({
      operationId: spec.id,
      summary: spec.summary,
      description: `${spec.guide ? `${spec.guide}\n\n` : ''}Scope \`${spec.scope}\`. Quota cost: ${spec.quotaCost} unit(s).`,
    }),
    ApiSecurity('bearer'),
    ApiSecurity('apiKey'),
    ApiExtension('x-scope', spec.scope),
    ApiExtension('x-quota-cost', spec.quotaCost),
    ...(spec.destructive ? [ApiExtension('x-destructive', true)] : []),
    ...(spec.openWorld ? [ApiExtension('x-open-world', true)] : []),
    ...(spec.idempotent
      ? [ApiHeader({ name: 'Idempotency-Key', required: false, description: '1..255 printable ASCII characters; retained 24 h.' })]
      : []),
    ...queryParameters(spec.query),
    ...(spec.body ? [ApiBody({ type: spec.body, required: spec.bodyRequired ?? true })] : []),
    ...(spec.multipart
      ? [
          ApiConsumes('multipart/form-data'),
          ApiBody({ type: spec.multipart.schema, required: true }),
          RouteConfig({ [MULTIPART_ROUTE]: true }),
        ]
      : []),
    ApiResponse({
      status: spec.status,
      ...(spec.stream
        ? {
            description: spec.stream.description,
            content: {
              [spec.stream.mediaType]: {
                schema: { type: 'string' },
                examples: { stream: { summary: 'The start of a stream', value: spec.stream.example } },
              },
            },
          }
        : { type: spec.response, description: 'Success' }),
      headers: {
        ...responseHeaders(spec, spec.status),
        ...(spec.status === 201 ? { Location: { description: 'Path of the created resource', schema: { type: 'string' } } } : {}),
      },
    }),
    ...errorResponses(spec),
  );
}
