import { ERROR_CATALOG } from '../errors/error-catalog.js';
import type { IntegrationEvent } from '../outbox/integration-event.js';
import type { JsonSchema } from './event-schemas.js';

/** The fixed parts of the OpenAPI document: the problem schema, the response headers, the webhooks and the tags. */

export const PROBLEM_SCHEMA = {
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
export const RESPONSE_HEADERS = {
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
  'X-Api-Key-Scopes': {
    description:
      'The scopes of the API key that made the request, comma-separated (as GitHub tells OAuth scopes): `pages:read, pages:write`. ' +
      'On every response to a recognised key, so a tool learns what it may do from any call.',
    schema: { type: 'string' },
  },
  'X-Api-Key-Mode': {
    description: 'The mode of the API key that made the request: `live`, or `test` (read-only).',
    schema: { type: 'string', enum: ['live', 'test'] },
  },
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
 * receiver. The set of types is open: receivers must accept (and may ignore) types they do not know. `dataSchemas`
 * holds each type's generated `data` schema (event-schemas.ts).
 */
export function webhooks(events: readonly IntegrationEvent[], dataSchemas: ReadonlyMap<string, JsonSchema>): Record<string, unknown> {
  return Object.fromEntries(
    events.map(({ type, summary, example }) => [
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
                    data: dataSchemas.get(type),
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
export const TAGS = [
  { name: 'Pages', description: 'Pages and their blocks: the draft edited through the API, and publishing it live.' },
  { name: 'Contacts', description: 'Contacts captured by live pages (sign-ups, gated downloads) and the CLI.' },
  { name: 'Files', description: 'Files uploaded to the workspace, served at their public path.' },
  { name: 'Analytics', description: 'Views, clicks, referrers and tips over the last 7, 30 or 90 days.' },
  { name: 'Webhooks', description: 'Signed webhook endpoints, their deliveries, retries, resend and replay.' },
  { name: 'Domains', description: "Pages on the workspace's own hostnames, proven by a DNS record, served over HTTPS." },
  { name: 'Meta', description: 'This document.' },
];
