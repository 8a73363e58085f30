// One MCP tool per API operation: its definition (name, schema, annotations), the HTTP request a call makes, and
// the tool result an API response becomes. Pure functions of the OpenAPI operation.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ApiRequest, ApiResponse } from './api-client.js';
import type { JsonSchema, Operation } from './openapi.js';
import { compactInput, outline, problemOutline } from './schemas.js';

/** The tool argument that carries the `Idempotency-Key` of an IDEM operation. */
export const IDEMPOTENCY_KEY_ARG = 'idempotency_key';

/** `createPage` → `create_page`: tool names in the API's own snake_case. */
export const toolName = (operationId: string): string => operationId.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The document's prose with the operations it names (`publishPage`, as the API reference and the SDK call them)
 * named by their tools (`publish_page`), which is what an assistant can call. `ids` are the document's operation ids.
 */
export const withToolNames = (text: string, ids: ReadonlySet<string>): string =>
  text.replace(/\b[a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*\b/g, (word) => (ids.has(word) ? toolName(word) : word));

/** `Quota cost: 0 unit(s).`, which the document says of most operations: a tool says only what costs something. */
const FREE = / ?Quota cost: 0 unit\(s\)\./;

/**
 * The MCP tool of `op`. `ids`, the operation ids of the whole document, are the names its description may use for
 * other operations (rewritten to their tool names); by default only its own.
 */
export function toolFor(op: Operation, ids: ReadonlySet<string> = new Set([op.id])): Tool {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const param of op.params) {
    properties[param.name] = { ...param.schema, ...(param.description ? { description: param.description } : {}) };
    if (param.in === 'path' || param.required) required.push(param.name);
  }
  if (op.body) {
    properties.body = op.body.schema;
    if (op.body.required) required.push('body');
  }
  if (op.idempotent) {
    // What the key is for is in the server's instructions ("Writes: …"), said once rather than on every write tool.
    properties[IDEMPOTENCY_KEY_ARG] = { type: 'string', minLength: 1, maxLength: 255 };
  }
  const read = op.method === 'GET';
  const text = withToolNames(op.description.replace(FREE, ''), ids).trim();
  const scopeNote = text.includes(op.scope) ? '' : `\n\nNeeds the API key scope \`${op.scope}\`.`;
  // No `title`: it would repeat the summary, which opens the description (what a model reads); a client shows the name.
  return {
    name: toolName(op.id),
    description: `${withToolNames(op.summary, ids)}.${text ? `\n\n${text}` : ''}${scopeNote}`,
    inputSchema: compactInput({
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties: false,
    }) as Tool['inputSchema'],
    ...(op.output ? { outputSchema: outline(op.output) as Tool['outputSchema'] } : {}),
    ...(op.noContent ? { outputSchema: outputSchemaOf(noContentSchema(op), op.problem) } : {}),
    annotations: {
      readOnlyHint: read,
      destructiveHint: !read && op.destructive,
      // An IDEM POST repeated with the same idempotency_key is replayed by the API, not done again.
      idempotentHint: read || op.method === 'PUT' || op.method === 'DELETE' || op.idempotent,
      // Only the operations that make the service call a URL outside it (a webhook receiver) reach the open world.
      openWorldHint: op.openWorld,
    },
  };
}

/**
 * The structured content of a call whose success is a 204: `{deleted: true, …}`, which allows nothing else, or (with
 * `isError`) the API's problem. MCP wants an object schema at the top, and clients check structured content against
 * it, errors included. (A JSON answer's outline allows any object, problems included: see `outline`.)
 */
function outputSchemaOf(success: JsonSchema, problem: JsonSchema | undefined): Tool['outputSchema'] {
  return { type: 'object', ...(problem ? { anyOf: [success, problemOutline(problem)] } : success) } as Tool['outputSchema'];
}

/** The flag a 204 answer is reported by: `deleted` for a DELETE (the resource at its path is gone), else `done`. */
const doneFlag = (op: Operation): string => (op.method === 'DELETE' ? 'deleted' : 'done');
const pathParams = (op: Operation) => op.params.filter((p) => p.in === 'path');

/**
 * What a tool whose operation answers 204 No Content (a delete) returns as structured content, so that it has an
 * `outputSchema` like every other tool: `{"deleted": true}` with the path parameters it was called with
 * (`{"deleted": true, "endpoint_id": "we_…"}`).
 */
export function noContentSchema(op: Operation): JsonSchema {
  const flag = doneFlag(op);
  const params = pathParams(op);
  return {
    type: 'object',
    properties: { [flag]: { type: 'boolean', const: true }, ...Object.fromEntries(params.map((p) => [p.name, { type: 'string' }])) },
    required: [flag, ...params.map((p) => p.name)],
    additionalProperties: false,
  };
}

/** The structured content of a 204 answer to a call of `op` with `args` (see noContentSchema); undefined for others. */
export function noContentOf(op: Operation, args: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!op.noContent) return undefined;
  return { [doneFlag(op)]: true, ...Object.fromEntries(pathParams(op).map((p) => [p.name, String(args[p.name])])) };
}

/** Arguments a tool cannot send (a missing path parameter, an unknown name): reported to the caller, no request made. */
export class ArgumentError extends Error {}

/** The request a call of `op`'s tool makes: path parameters encoded, query string, JSON body, Idempotency-Key. */
export function requestFor(op: Operation, args: Record<string, unknown>, newKey: () => string): ApiRequest {
  const known = new Set([...op.params.map((p) => p.name), ...(op.body ? ['body'] : []), ...(op.idempotent ? [IDEMPOTENCY_KEY_ARG] : [])]);
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length) {
    throw new ArgumentError(`Unknown argument(s) ${unknown.join(', ')}; this tool takes ${[...known].join(', ') || 'none'}.`);
  }

  let path = op.path;
  const query = new URLSearchParams();
  for (const param of op.params) {
    const value = args[param.name];
    if (param.in === 'path') {
      if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
        throw new ArgumentError(`${param.name} is required: a non-empty string.`);
      }
      path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    } else if (Array.isArray(value)) {
      // A repeated parameter (`?type=a&type=b`), as the API reads an array in the query.
      for (const item of value as unknown[]) query.append(param.name, typeof item === 'string' ? item : JSON.stringify(item));
    } else if (value !== undefined && value !== null) {
      query.set(param.name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  const search = query.toString();
  const key = args[IDEMPOTENCY_KEY_ARG];
  return {
    method: op.method,
    path: search ? `${path}?${search}` : path,
    ...(op.idempotent ? { headers: { 'idempotency-key': typeof key === 'string' && key ? key : newKey() } } : {}),
    ...(op.body && args.body !== undefined ? { body: args.body } : {}),
  };
}

const json = (value: unknown): string => JSON.stringify(value);
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A success is its JSON body, as text and (when an object) as structured content. An API error is the API's own
 * problem+json (same code, status, request_id and detail), with `isError`. A success without a body (204) is
 * `noContent`, when the operation declares one (noContentOf).
 */
export function resultOf(response: Pick<ApiResponse, 'status' | 'body'>, noContent?: Record<string, unknown>): CallToolResult {
  const { status, body } = response;
  const ok = status >= 200 && status < 300;
  if (body === undefined && ok && noContent) return { content: [{ type: 'text', text: json(noContent) }], structuredContent: noContent };
  if (body === undefined) return { content: [{ type: 'text', text: `HTTP ${status}, no content.` }], ...(ok ? {} : { isError: true }) };
  const text = typeof body === 'string' ? (ok ? body : `HTTP ${status}: ${body.slice(0, 2000)}`) : json(body);
  return { content: [{ type: 'text', text }], ...(isObject(body) ? { structuredContent: body } : {}), ...(ok ? {} : { isError: true }) };
}

/** A tool error that is not the API's: bad arguments, or the API unreachable. */
export const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });
