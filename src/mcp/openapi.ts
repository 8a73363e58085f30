// The parts of the API's OpenAPI 3.1 document the MCP server reads: its keyed operations, their path and query
// parameters and their JSON request bodies. Everything comes from the served document at run time.

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  /** the document's operationId, e.g. `createPage` */
  id: string;
  /** upper case: GET, POST, PATCH, PUT, DELETE */
  method: string;
  /** templated, e.g. `/v1/pages/{page_id}` */
  path: string;
  summary: string;
  description: string;
  /** `x-scope`: the API key scope the operation needs */
  scope: string;
  /** path and query parameters, `$ref`s resolved */
  params: Parameter[];
  /** takes an `Idempotency-Key` header (the IDEM operations) */
  idempotent: boolean;
  /** the JSON request body, `$ref`s inlined */
  body?: { schema: JsonSchema; required: boolean };
  /** the JSON body of the success response, `$ref`s inlined (none for a 204) */
  output?: JsonSchema;
  /** its success is a 204 No Content (a delete): no body, and the tool reports the fact instead */
  noContent?: true;
  /** the problem+json body of its error responses, `$ref`s inlined */
  problem?: JsonSchema;
  /** `x-destructive`, or a DELETE: undoes something a caller cannot simply redo */
  destructive: boolean;
  /** `x-open-world`: makes the service reach a URL outside it (a webhook receiver) */
  openWorld: boolean;
}

interface RawOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  'x-scope'?: unknown;
  'x-destructive'?: unknown;
  'x-open-world'?: unknown;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** The value a local `$ref` (`#/components/schemas/Page`) points at. */
function target(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Unsupported $ref ${ref} (only local references are read)`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  return node;
}

/**
 * A copy of `node` with every `$ref` replaced by what it points at, so that an MCP client sees the real shape
 * (`oneOf`, `anyOf` and the rest are kept as they are). Keywords beside a `$ref` win over the target's. A
 * reference to a schema that is already being inlined (a recursive schema) is left out, which allows any value there.
 */
export function inline(doc: OpenApiDocument, node: unknown, trail: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(doc, item, trail));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(doc, value, trail)]));
  if (typeof $ref !== 'string' || trail.includes($ref)) return own;
  return { ...(inline(doc, target(doc, $ref), [...trail, $ref]) as JsonSchema), ...own };
}

/** The operations that need an API key (those with an `x-scope`) and take JSON if anything, in the document's order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as RawOperation | undefined;
      if (!op?.operationId || typeof op['x-scope'] !== 'string') continue;
      // Operation-level parameters override path-level ones of the same name and location.
      const byKey = new Map<string, Parameter>();
      for (const raw of [...((item.parameters as unknown[]) ?? []), ...(op.parameters ?? [])]) {
        const param = inline(doc, raw) as Parameter;
        byKey.set(`${param.in}:${param.name}`, param);
      }
      const params = [...byKey.values()];
      const requestBody = op.requestBody
        ? (inline(doc, op.requestBody) as { required?: boolean; content?: Record<string, unknown> })
        : undefined;
      const json = requestBody?.content?.['application/json'] as { schema?: JsonSchema } | undefined;
      // Tool arguments are JSON: an operation whose body is something else (the multipart upload of a file's bytes)
      // has no tool.
      if (requestBody && !json) continue;
      // A call returns once: an operation whose answer is a stream (the event stream, text/event-stream) has no tool.
      if (streams(doc, op.responses ?? {})) continue;
      const { output, problem } = responseSchemas(doc, op.responses ?? {});
      const noContent = !output && Object.keys(op.responses ?? {}).includes('204');
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? op.operationId,
        description: op.description ?? '',
        scope: op['x-scope'],
        params: params.filter((p) => p.in === 'path' || p.in === 'query'),
        idempotent: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
        ...(json ? { body: { schema: json.schema ?? {}, required: requestBody?.required === true } } : {}),
        ...(output ? { output } : {}),
        ...(noContent ? { noContent: true as const } : {}),
        ...(problem ? { problem } : {}),
        destructive: op['x-destructive'] === true || method === 'delete',
        openWorld: op['x-open-world'] === true,
      });
    }
  }
  return operations;
}

/** Whether the operation's success answer is a stream (`text/event-stream`) rather than one JSON document. */
function streams(doc: OpenApiDocument, responses: Record<string, unknown>): boolean {
  return Object.entries(responses).some(([status, raw]) => {
    const content = (inline(doc, raw) as { content?: Record<string, unknown> } | undefined)?.content;
    return /^2\d\d$/.test(status) && content !== undefined && 'text/event-stream' in content;
  });
}

/** The JSON schema of the success response (its single 2xx with a JSON body) and of the problem+json errors. */
function responseSchemas(doc: OpenApiDocument, responses: Record<string, unknown>): { output?: JsonSchema; problem?: JsonSchema } {
  const schemaOf = (status: string, type: string) => {
    const response = inline(doc, responses[status]) as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
    return response?.content?.[type]?.schema;
  };
  const statuses = Object.keys(responses);
  const success = statuses.find((status) => /^2\d\d$/.test(status) && schemaOf(status, 'application/json'));
  const failure = statuses.find((status) => /^[45]\d\d$/.test(status) && schemaOf(status, 'application/problem+json'));
  return {
    ...(success ? { output: schemaOf(success, 'application/json') } : {}),
    ...(failure ? { problem: schemaOf(failure, 'application/problem+json') } : {}),
  };
}
