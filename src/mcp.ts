// The MCP server over stdio (`npm run -s mcp`, `bin/bio-page-mcp`): an AI assistant works with one workspace through
// the public API, with the key in BIO_PAGE_API_KEY. stdout carries the protocol, so every log line goes to stderr.
// At start it reads the served OpenAPI document, whose response also tells the key's scopes and mode (src/mcp/scopes.ts),
// and offers one tool per operation the key may use.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ApiClient, ApiUnreachableError } from './mcp/api-client.js';
import { operationsOf, type OpenApiDocument } from './mcp/openapi.js';
import { KeyRefusedError, keyAccessFrom, offers } from './mcp/scopes.js';
import { createMcpServer } from './mcp/server.js';

const log = (line: string) => process.stderr.write(`bio-page-mcp: ${line}\n`);

function fail(message: string): never {
  log(message);
  process.exit(1);
}

const apiKey = process.env.BIO_PAGE_API_KEY?.trim();
if (!apiKey) fail('BIO_PAGE_API_KEY is not set: give it an API key of the workspace (bp_live_… or bp_test_…).');
const apiUrl = process.env.BIO_PAGE_API_URL?.trim() || 'http://127.0.0.1:3000';
if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol)) fail(`BIO_PAGE_API_URL is not an http(s) URL: ${apiUrl}`);

const api = new ApiClient(apiUrl, apiKey);
try {
  const answer = await api.send({ method: 'GET', path: '/v1/openapi.json' });
  const doc = answer.body as OpenApiDocument | undefined;
  if (answer.status !== 200 || !doc?.paths) {
    fail(`${apiUrl}/v1/openapi.json did not return the API's OpenAPI document (HTTP ${answer.status}).`);
  }
  const key = keyAccessFrom(answer.headers) ?? (await whyRefused());
  const operations = operationsOf(doc);
  const offered = operations.filter((op) => offers(op, key));
  const mode = key.test ? 'test key: read tools only' : 'live key';
  log(`${offered.length} tools for ${apiUrl} (${mode}; scopes ${[...key.scopes].join(', ') || 'none'}).`);

  // Descriptions may name any operation of the document, offered or not: each is named by its tool.
  const server = createMcpServer(doc.info, offered, api, new Set(operations.map((op) => op.id)));
  await server.connect(new StdioServerTransport());
  // The client going away closes stdin; the transport does not end the process by itself.
  process.stdin.once('end', () => void server.close().finally(() => process.exit(0)));
} catch (err) {
  if (err instanceof KeyRefusedError || err instanceof ApiUnreachableError) fail(`${err.message}.`);
  throw err;
}

/** The document came without the key's scopes: the key was not recognised. One call says why, in the API's words. */
async function whyRefused(): Promise<never> {
  const answer = await api.send({ method: 'GET', path: '/v1/pages?limit=1' });
  const problem = (answer.body ?? {}) as { code?: unknown; detail?: unknown };
  const said = typeof problem.code === 'string' ? ` ${problem.code}${typeof problem.detail === 'string' ? `: ${problem.detail}` : ''}` : '';
  throw new KeyRefusedError(`the API refused the key (HTTP ${answer.status}${said})`);
}
