// The MCP server: one tool per offered API operation.
//
// It uses the SDK's low-level `Server` with its own tools/list and tools/call handlers, not `McpServer`:
// `McpServer.registerTool` takes zod schemas, and the input schemas here are JSON Schema from the OpenAPI document.
// Converting them to zod and back would lose detail (formats, `oneOf`), and zod would refuse bad arguments with
// its own messages. Instead the JSON Schema goes to clients as it is and the API validates: a bad argument gets the
// API's 400 invalid_request, the same error as over HTTP. Only what cannot be sent at all (an unknown argument name,
// a missing path parameter) is refused here.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiUnreachableError, type ApiClient } from './api-client.js';
import type { Operation } from './openapi.js';
import { ArgumentError, IDEMPOTENCY_KEY_ARG, failure, noContentOf, requestFor, resultOf, toolFor, toolName } from './tools.js';

/** Told to the client at start (MCP `instructions`): how the API's pages work, so that a model gets it right first time. */
export const INSTRUCTIONS = `Tools for one workspace of a bio-page service, through its public API (each tool is one API operation).

Pages: a page has a draft, which the tools edit, and a published (live) state, which visitors see at its public_url.
- create_page makes a DRAFT; nothing is public until publish_page, which copies the current draft live (now, or at
  starts_at: the page then shows scheduled_for, and cancel_schedule calls it off). Later draft changes stay
  invisible until the next publish_page.
- Every draft change (update_page, add_block, remove_block) must send expected_updated_at: the draft.updated_at the
  page had when you read it (get_page, or the answer of the last change). A stale stamp gives 409 stale_snapshot:
  call get_page again, check the draft, then redo the change with the new stamp.
- archive_page takes a live page offline at once. create_preview_link shares a draft without publishing it;
  revoke_preview_links ends every link shared so far (archiving a page ends them too, for good).

Writes: tools that create or change something take an optional idempotency_key. After a time-out or a lost answer,
call again with the same key: the API replays the first outcome instead of doing it twice.

Errors come back as the API's problem+json (status, code, detail, request_id) with isError; the code says what to do.
Webhook endpoints: creating one (or changing its URL) makes the service send a signed test to that URL first; the
signing secret is shown only in the creation answer.`;

/**
 * The server offering a tool for each of `ops`. `operationIds` are those of the whole document (by default `ops`'),
 * so that a description naming an operation the key may not use still names it as a tool.
 */
export function createMcpServer(
  info: { title: string; version: string },
  ops: Operation[],
  api: ApiClient,
  operationIds: Iterable<string> = ops.map((op) => op.id),
): Server {
  const byName = new Map(ops.map((op) => [toolName(op.id), op]));
  const ids = new Set(operationIds);
  // Built once: the list is the same for every tools/list of the session.
  const tools = ops.map((op) => toolFor(op, ids));
  const server = new Server(
    { name: 'bio-page', title: info.title, version: info.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const op = byName.get(request.params.name);
    if (!op) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    let call;
    try {
      call = requestFor(op, request.params.arguments ?? {}, randomUUID);
    } catch (err) {
      if (err instanceof ArgumentError) return failure(err.message);
      throw err;
    }
    try {
      return resultOf(await api.send(call), noContentOf(op, request.params.arguments ?? {}));
    } catch (err) {
      if (!(err instanceof ApiUnreachableError)) throw err;
      const key = call.headers?.['idempotency-key'];
      const retry = key ? ` It may or may not have been done: to retry safely, call again with ${IDEMPOTENCY_KEY_ARG} "${key}".` : '';
      return failure(`The API could not be reached: ${err.message}.${retry}`);
    }
  });
  return server;
}
