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
import { ArgumentError, IDEMPOTENCY_KEY_ARG, failure, requestFor, resultOf, toolFor, toolName } from './tools.js';

export function createMcpServer(info: { title: string; version: string }, ops: Operation[], api: ApiClient): Server {
  const byName = new Map(ops.map((op) => [toolName(op.id), op]));
  const tools = ops.map(toolFor);
  const server = new Server({ name: 'bio-page', title: info.title, version: info.version }, { capabilities: { tools: {} } });

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
      return resultOf(await api.send(call));
    } catch (err) {
      if (!(err instanceof ApiUnreachableError)) throw err;
      const key = call.headers?.['idempotency-key'];
      const retry = key ? ` It may or may not have been done: to retry safely, call again with ${IDEMPOTENCY_KEY_ARG} "${key}".` : '';
      return failure(`The API could not be reached: ${err.message}.${retry}`);
    }
  });
  return server;
}
