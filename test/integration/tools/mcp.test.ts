import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, JSONRPCMessage, Tool } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { inline, type OpenApiDocument } from '../../../src/mcp/openapi.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver, verifyWith } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

interface DocOperation {
  operationId: string;
  method: string;
  scope: string;
  destructive: boolean;
  openWorld: boolean;
  /** has a JSON success body */
  output: boolean;
}

/**
 * The MCP server (dist/mcp.js) driven by the MCP SDK's own client over stdio, against the real API listening on a
 * port: the key's scopes decide the tools, calls reach the API, and API errors come back unchanged.
 */
describe('the MCP server', () => {
  let t: TestApp;
  /** A webhook receiver that answers 2xx only to requests signed with one of `rxSecrets` (a checking receiver). */
  const rx = new HttpsReceiver();
  const rxSecrets: string[] = [];
  let apiUrl: string;
  let operations: DocOperation[];
  let served: OpenApiDocument;
  const snake = (id: string) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res, _body, received) => {
      const signed = rxSecrets.some((secret) => {
        try {
          return verifyWith(secret, received[received.length - 1]!) !== undefined;
        } catch {
          return false;
        }
      });
      res.writeHead(signed ? 204 : 401).end();
    };
    t = await startTestApp({ env: { WEBHOOK_ALLOWED_TARGETS: rx.target } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{ paths: Record<string, Record<string, any>> }>();
    served = doc as unknown as OpenApiDocument;
    operations = Object.values(doc.paths).flatMap((item) =>
      Object.entries(item)
        // Tools pass JSON: the multipart upload (uploadFile) has none; a call returns once: the event stream has none.
        .filter(([, op]) => op['x-scope'] && (!op.requestBody || op.requestBody.content['application/json']))
        .filter(([, op]) => !Object.values(op.responses).some((r: any) => r.content?.['text/event-stream']))
        .map(([method, op]) => ({
          operationId: op.operationId,
          method: method.toUpperCase(),
          scope: op['x-scope'],
          destructive: op['x-destructive'] === true || method === 'delete',
          openWorld: op['x-open-world'] === true,
          output: Object.entries(op.responses).some(
            ([status, r]: [string, any]) => status.startsWith('2') && r.content?.['application/json'],
          ),
        })),
    );
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  /** Spawns the server as an MCP client configuration would, and connects the SDK's client to it. */
  async function connect(key: string) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['dist/mcp.js'],
      cwd: process.cwd(),
      env: { BIO_PAGE_API_KEY: key, BIO_PAGE_API_URL: apiUrl },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    const logged = t.logs.length;
    await client.connect(transport);
    // The size of the tools/list answer as the server wrote it: one line of JSON-RPC on stdout.
    let listBytes = 0;
    const deliver = transport.onmessage!;
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- a transport has one handler, the client's: this wraps it
    transport.onmessage = (message: JSONRPCMessage) => {
      const result = (message as { result?: { tools?: unknown } }).result;
      if (Array.isArray(result?.tools)) listBytes = Buffer.byteLength(JSON.stringify(message));
      deliver(message);
    };
    const { tools } = await client.listTools();
    // What the server asked the API at start, as the service logged it (one line per request).
    const requests = t.logs
      .slice(logged)
      .map((line) => JSON.parse(line) as { route?: string; status?: number; method?: string })
      .filter((line) => line.status !== undefined);
    return { client, transport, tools, listBytes, stderr: () => stderr, requests };
  }

  /** The workspace's remaining monthly quota units, read from a GET /v1/contacts (which costs one). */
  async function monthlyRemaining(auth: Record<string, string>) {
    const res = await t.inject({ method: 'GET', url: '/v1/contacts', headers: auth });
    return Number(/"monthly";r=(\d+)/.exec(String(res.headers.ratelimit))![1]);
  }
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: any };
  const names = (tools: Tool[]) => tools.map((tool) => tool.name).sort();

  it('offers every operation to a full-scope key and works a page from creation to analytics', async () => {
    const { key, auth } = await aTenant(t.commands);
    const before = await monthlyRemaining(auth);
    const { client, transport, tools, stderr, requests } = await connect(key);
    try {
      // Finding out the key's scopes changed nothing and spent no quota: the one unit gone is this second read.
      expect(await monthlyRemaining(auth)).toBe(before - 1);
      // One request at start, the OpenAPI document, whose answer also told the key's scopes: no probing.
      expect(requests.map((r) => [r.method, r.route, r.status])).toEqual([['GET', '/v1/openapi.json', 200]]);
      // The instructions explain the draft/publish workflow and the stamp every change needs.
      const instructions = client.getInstructions()!;
      expect(instructions).toContain('publish_page');
      expect(instructions).toContain('expected_updated_at');
      expect((await t.inject({ method: 'GET', url: '/v1/pages', headers: auth })).json()).toMatchObject({ data: [] });
      expect(operations).toHaveLength(34);
      expect(names(tools)).not.toContain('upload_file');
      expect(names(tools)).toEqual(operations.map((op) => snake(op.operationId)).sort());
      expect(stderr()).toContain('34 tools for');
      for (const tool of tools) {
        const op = operations.find((o) => snake(o.operationId) === tool.name)!;
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.description).toEqual(expect.any(String));
        expect(tool.description).toContain(op.scope);
        expect(tool.annotations).toMatchObject({
          readOnlyHint: op.method === 'GET',
          destructiveHint: op.destructive,
          openWorldHint: op.openWorld,
        });
        // Every tool declares its structured output, the client checks each call's structured content against it: the
        // JSON answer, or for a 204 (the deletes) `{deleted: true, <the path ids>}`; or the problem.
        expect([tool.name, tool.outputSchema?.type]).toEqual([tool.name, 'object']);
        if (!op.output) {
          const deleted = { properties: { deleted: { const: true } }, required: expect.arrayContaining(['deleted']) };
          expect([tool.name, tool.outputSchema]).toMatchObject([tool.name, { anyOf: [deleted, {}] }]);
        }
      }
      const annotated = (name: string) => tools.find((tool) => tool.name === name)!.annotations;
      expect(annotated('archive_page')).toMatchObject({ destructiveHint: true, openWorldHint: false });
      expect(annotated('create_webhook_endpoint')).toMatchObject({ destructiveHint: false, openWorldHint: true });
      // Revoking preview links ends links already shared (destructive); a repeat ends nothing more than the links made
      // in between, and with the same idempotency_key nothing at all. A 204: the tool reports `deleted` and the page.
      const revokeTool = tools.find((tool) => tool.name === 'revoke_preview_links')!;
      expect(revokeTool.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(revokeTool.outputSchema).toMatchObject({
        type: 'object',
        anyOf: [
          { properties: { deleted: { const: true }, page_id: { type: 'string' } }, required: ['deleted', 'page_id'] },
          { properties: { code: { type: 'string' } } },
        ],
      });
      expect(revokeTool.description).toContain('pages:write');
      expect(revokeTool.description).toContain('404');
      expect(revokeTool.inputSchema.required).toEqual(['page_id']);
      expect(Object.keys(revokeTool.inputSchema.properties!).sort()).toEqual(['idempotency_key', 'page_id']);
      expect(tools.find((tool) => tool.name === 'add_block')!.description).toContain('expected_updated_at');
      // Request bodies reach the client with their $refs inlined: the real shape, the block kinds' data included.
      expect(JSON.stringify(tools)).not.toContain('$ref');
      const addBlock = tools.find((tool) => tool.name === 'add_block')!;
      expect(addBlock.inputSchema.required).toEqual(expect.arrayContaining(['page_id', 'body']));
      expect(JSON.stringify(addBlock.inputSchema.properties!.body)).toContain('"description":"target of the link"');
      // A page's own address and its avatar, on create and on update.
      for (const name of ['create_page', 'update_page']) {
        const body = tools.find((tool) => tool.name === name)!.inputSchema.properties!.body as { properties: Record<string, object> };
        expect(body.properties.slug).toMatchObject({ type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', minLength: 3, maxLength: 48 });
        expect(body.properties.avatar_file_id).toMatchObject({ description: expect.stringContaining('image file') });
      }

      const created = await call(client, 'create_page', { body: { title: 'Links by MCP' } });
      expect(created.isError).toBeFalsy();
      const page = created.structuredContent;
      expect(page).toMatchObject({ id: expect.any(String), title: 'Links by MCP', status: 'DRAFT' });
      expect(JSON.parse((created.content[0] as { text: string }).text)).toEqual(page);

      const added = await call(client, 'add_block', {
        page_id: page.id,
        body: { expected_updated_at: page.draft.updated_at, kind: 'LINK', data: { url: 'https://example.com/', title: 'Example' } },
      });
      expect(added.structuredContent).toMatchObject({ draft: { block_count: 1, blocks: [{ kind: 'LINK', label: 'Example' }] } });

      const published = await call(client, 'publish_page', { page_id: page.id });
      expect(published.structuredContent).toMatchObject({ page: { id: page.id, status: 'PUBLISHED' }, scheduled_for: null });
      // A schedule called off (operation 25): the answer is the page, its scheduled_for null again.
      const startsAt = new Date(Date.now() + 3_600_000).toISOString();
      expect((await call(client, 'publish_page', { page_id: page.id, body: { starts_at: startsAt } })).structuredContent).toMatchObject({
        page: { scheduled_for: startsAt },
      });
      expect(tools.find((tool) => tool.name === 'cancel_schedule')!.description).toContain('publish');
      const unscheduled = await call(client, 'cancel_schedule', { page_id: page.id });
      expect(unscheduled.isError).toBeFalsy();
      expect(unscheduled.structuredContent).toMatchObject({ page: { id: page.id, scheduled_for: null }, scheduled_for: null });

      const preview = await call(client, 'create_preview_link', { page_id: page.id, body: { expires_in: 3600 } });
      const previewPath = new URL(preview.structuredContent.url).pathname;
      expect((await t.inject({ method: 'GET', url: previewPath })).statusCode).toBe(200);
      const revoked = await call(client, 'revoke_preview_links', { page_id: page.id });
      expect(revoked).toMatchObject({ structuredContent: { deleted: true, page_id: page.id } });
      expect(JSON.parse((revoked.content[0] as { text: string }).text)).toEqual({ deleted: true, page_id: page.id });
      expect(revoked.isError).toBeFalsy();
      expect((await t.inject({ method: 'GET', url: previewPath })).statusCode).toBe(404);
      expect(await call(client, 'revoke_preview_links', { page_id: 'pg_does_not_exist' })).toMatchObject({
        isError: true,
        structuredContent: { status: 404, code: 'resource_not_found' },
      });

      const listed = await call(client, 'list_pages', { limit: 10 });
      expect(listed.structuredContent.data).toEqual([expect.objectContaining({ id: page.id, status: 'PUBLISHED', block_count: 1 })]);

      const summary = await call(client, 'get_analytics_summary', { range_days: 7 });
      expect(summary.structuredContent).toMatchObject({ range_days: 7, totals: { views: expect.any(Number) } });

      // The same idempotency_key replays the first outcome instead of creating a second page.
      const once = await call(client, 'create_page', { body: { title: 'Once' }, idempotency_key: 'mcp-test-once' });
      const again = await call(client, 'create_page', { body: { title: 'Once' }, idempotency_key: 'mcp-test-once' });
      expect(again.structuredContent.id).toBe(once.structuredContent.id);

      // API errors come back as the API's problem+json, with isError.
      const missing = await call(client, 'get_page', { page_id: 'pg_does_not_exist' });
      expect(missing.isError).toBe(true);
      const problem = JSON.parse((missing.content[0] as { text: string }).text);
      expect(problem).toMatchObject({ status: 404, code: 'resource_not_found', request_id: expect.stringMatching(/^req_/) });
      expect(missing.structuredContent).toEqual(problem);
      expect(t.logs.join('')).toContain(problem.request_id); // the API's own request id, as logged by the service

      const stale = await call(client, 'update_page', {
        page_id: page.id,
        body: { expected_updated_at: page.draft.updated_at, title: 'Too late' },
      });
      expect(stale).toMatchObject({ isError: true, structuredContent: { status: 409, code: 'stale_snapshot' } });

      const invalid = await call(client, 'list_pages', { limit: 0 });
      expect(invalid).toMatchObject({ isError: true, structuredContent: { status: 400, code: 'invalid_request' } });

      const unknownArgument = await call(client, 'get_page', { page_id: page.id, pageId: page.id });
      expect(unknownArgument).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('pageId') }] });
    } finally {
      const pid = transport.pid!;
      const started = Date.now();
      await client.close();
      // The server ends when its stdin closes, well before the transport's 2 s wait before SIGTERM.
      expect(Date.now() - started).toBeLessThan(2000);
      expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    }
  });

  it('lists its tools in under 1.4 KB a tool, named as tools, with every input rule and an outline of each answer', async () => {
    const { key } = await aTenant(t.commands);
    const { client, tools, listBytes } = await connect(key);
    try {
      expect(tools).toHaveLength(operations.length);
      // An assistant reads the whole list on every turn: it was about 140 KB (a 7 KB page schema on seven tools, the
      // problem schema on every one, operation ids in the descriptions). The bound was 40 KB for the 29 tools
      // then, 1.4 KB a tool; the custom domains' six tools came in under it too (docs/adr/0094).
      expect(listBytes).toBeGreaterThan(JSON.stringify(tools).length);
      expect(listBytes).toBeLessThan(1.4 * 1024 * tools.length);

      // Descriptions name the tools an assistant can call, not the document's operation ids (`publishPage`).
      const camel = operations.map((op) => op.operationId).filter((id) => /[A-Z]/.test(id));
      for (const tool of tools) {
        const named = camel.filter((id) => new RegExp(`\\b${id}\\b`).test(`${tool.title} ${tool.description}`));
        expect([tool.name, named]).toEqual([tool.name, []]);
        expect([tool.name, tool.description]).toEqual([tool.name, expect.not.stringContaining('Quota cost: 0')]);
      }
      expect(tools.find((tool) => tool.name === 'get_page')!.description).toContain('update_page, add_block and remove_block');

      // Every rule of each operation's body and parameters is still in its tool's input schema: required fields,
      // enums, bounds, patterns, formats, closed objects. Only descriptions said twice and OpenAPI's own keywords go.
      const RULES = ['required', 'enum', 'const', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'];
      const rulesOf = (schema: unknown) => {
        const found: string[] = [];
        const walk = (node: unknown) => {
          if (Array.isArray(node)) return node.forEach(walk);
          if (!node || typeof node !== 'object') return;
          for (const [keyword, value] of Object.entries(node)) {
            if ([...RULES, 'pattern', 'format', 'additionalProperties'].includes(keyword) && typeof value !== 'object')
              found.push(`${keyword}=${String(value)}`);
            else if (RULES.includes(keyword)) found.push(`${keyword}=${JSON.stringify(value)}`);
            if (keyword !== 'enum' && keyword !== 'const' && keyword !== 'required') walk(value);
          }
        };
        walk(schema);
        return found.sort();
      };
      for (const [path, item] of Object.entries(served.paths)) {
        for (const [method, op] of Object.entries(item as Record<string, any>)) {
          const tool = tools.find((candidate) => candidate.name === snake(op.operationId ?? ''));
          if (!tool) continue;
          const body = op.requestBody?.content?.['application/json']?.schema;
          if (body) expect([tool.name, rulesOf(tool.inputSchema.properties!.body)]).toEqual([tool.name, rulesOf(inline(served, body))]);
          const params = [...((item as { parameters?: unknown[] }).parameters ?? []), ...(op.parameters ?? [])]
            .map((raw) => inline(served, raw) as { name: string; in: string; schema: unknown })
            .filter((param) => param.in === 'path' || param.in === 'query');
          for (const param of params)
            expect([`${method} ${path}`, param.name, rulesOf(tool.inputSchema.properties![param.name])]).toEqual([
              `${method} ${path}`,
              param.name,
              rulesOf(param.schema),
            ]);
        }
      }

      // An answer is outlined by its fields (the page's `draft` among them), and the outline takes any object, the
      // API's problem too, so the client accepts both; a 204 keeps its strict `{deleted: true, …}` or the problem.
      const getPage = tools.find((tool) => tool.name === 'get_page')!;
      expect(Object.keys(getPage.outputSchema!.properties!)).toEqual(
        expect.arrayContaining(['id', 'slug', 'status', 'public_url', 'draft', 'published']),
      );
      expect(getPage.outputSchema!.required).toBeUndefined();
      const missing = await call(client, 'get_page', { page_id: 'pg_does_not_exist' });
      expect(missing).toMatchObject({ isError: true, structuredContent: { status: 404, code: 'resource_not_found' } });
    } finally {
      await client.close();
    }
  });

  it('deletes a contact and a webhook endpoint with structured answers, and passes a chosen webhook secret', async () => {
    const { key, auth, workspace } = await aTenant(t.commands);
    const { client, tools } = await connect(key);
    try {
      const schemaOf = (name: string) => tools.find((tool) => tool.name === name)!;
      expect(schemaOf('delete_contact').outputSchema).toMatchObject({
        anyOf: [{ properties: { deleted: { const: true }, contact_id: { type: 'string' } }, required: ['deleted', 'contact_id'] }, {}],
      });
      expect(schemaOf('delete_webhook_endpoint').outputSchema).toMatchObject({
        anyOf: [{ required: ['deleted', 'endpoint_id'] }, {}],
      });
      const bodyOf = (name: string) => schemaOf(name).inputSchema.properties!.body as { properties: Record<string, object> };
      expect(bodyOf('create_webhook_endpoint').properties.secret).toMatchObject({ type: 'string', pattern: expect.any(String) });
      expect(bodyOf('rotate_webhook_secret').properties.secret).toMatchObject({ type: 'string' });
      expect(schemaOf('rotate_webhook_secret').inputSchema.required).toEqual(['endpoint_id']); // the body may be left out

      // A contact: the client accepted the structured content against the declared schema (it checks it).
      const contact = await t.commands.execute(
        new CaptureContactCommand(workspace.id, 'mcp-delete@example.com', undefined, 'FORM', undefined, undefined),
      );
      const erased = await call(client, 'delete_contact', { contact_id: contact.id });
      expect(erased.isError).toBeFalsy();
      expect(erased.structuredContent).toEqual({ deleted: true, contact_id: contact.id });
      expect((await t.inject({ method: 'GET', url: '/v1/contacts', headers: auth })).json()).toMatchObject({ data: [] });
      expect(await call(client, 'delete_contact', { contact_id: contact.id })).toMatchObject({
        isError: true,
        structuredContent: { status: 404, code: 'resource_not_found' },
      });

      // A receiver that checks signatures, registered with the secret it was configured with, then rotated to another.
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      rxSecrets.push(secret);
      const created = await call(client, 'create_webhook_endpoint', {
        body: { url: rx.url('/mcp'), event_types: ['contact.created'], secret },
      });
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ secret, endpoint: { url: rx.url('/mcp') } });
      const endpointId = created.structuredContent.endpoint.id as string;
      const next = `whsec_${randomBytes(24).toString('base64')}`;
      const rotated = await call(client, 'rotate_webhook_secret', { endpoint_id: endpointId, body: { secret: next } });
      expect(rotated.structuredContent).toMatchObject({ secret: next });
      const generated = await call(client, 'rotate_webhook_secret', { endpoint_id: endpointId });
      expect(generated.structuredContent.secret).toMatch(/^whsec_/);
      rxSecrets.push(generated.structuredContent.secret);
      expect((await call(client, 'send_webhook_test', { endpoint_id: endpointId })).structuredContent).toMatchObject({ delivered: true });
      expect(verifyWith(next, rx.received.at(-1)!)).toMatchObject({ type: 'endpoint.test' }); // still within the overlap
      const refused = await call(client, 'rotate_webhook_secret', { endpoint_id: endpointId, body: { secret: 'whsec_short' } });
      expect(refused).toMatchObject({ isError: true, structuredContent: { status: 400, errors: [{ pointer: '/secret' }] } });

      const removed = await call(client, 'delete_webhook_endpoint', { endpoint_id: endpointId });
      expect(removed.structuredContent).toEqual({ deleted: true, endpoint_id: endpointId });
      expect(await call(client, 'delete_webhook_endpoint', { endpoint_id: endpointId })).toMatchObject({
        isError: true,
        structuredContent: { status: 404, code: 'resource_not_found' },
      });
    } finally {
      await client.close();
    }
  });

  it('offers only the tools of the scopes the key holds', async () => {
    const { workspace } = await aTenant(t.commands);
    const { key } = await aKey(t.commands, workspace.id, { scopes: ['pages:read'] });
    // Any answer to a recognised key tells its scopes and mode, a refusal by scope included.
    const refused = await t.inject({ method: 'GET', url: '/v1/contacts', headers: { authorization: `Bearer ${key}` } });
    expect([refused.statusCode, refused.headers['x-api-key-scopes'], refused.headers['x-api-key-mode']]).toEqual([
      403,
      'pages:read',
      'live',
    ]);
    const unknown = await t.inject({
      method: 'GET',
      url: '/v1/pages',
      headers: { authorization: 'Bearer bp_live_notarealkeynotarealkey00' },
    });
    expect([unknown.statusCode, unknown.headers['x-api-key-scopes']]).toEqual([401, undefined]);
    const { client, tools, requests } = await connect(key);
    try {
      expect(requests.map((r) => r.status)).toEqual([200]);
      expect(names(tools)).toEqual(['get_page', 'list_pages']);
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      await expect(client.callTool({ name: 'create_page', arguments: { body: { title: 'No' } } })).rejects.toThrow(
        /Unknown tool create_page/,
      );
    } finally {
      await client.close();
    }
  });

  it('offers a test-mode key the read tools only', async () => {
    const { workspace } = await aTenant(t.commands);
    const { key } = await aKey(t.commands, workspace.id, { mode: 'test' });
    const { client, tools } = await connect(key);
    try {
      const reads = operations.filter((op) => op.method === 'GET').map((op) => snake(op.operationId));
      expect(names(tools)).toEqual(reads.sort());
      expect((await call(client, 'list_pages')).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('refuses to start without a key, or with a key the API refuses, saying why on stderr', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['dist/mcp.js'],
          { env: { PATH: process.env.PATH!, BIO_PAGE_API_URL: apiUrl, ...env } },
          (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
        );
      });
    const noKey = await run({});
    expect(noKey).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('BIO_PAGE_API_KEY is not set') });
    const badKey = await run({ BIO_PAGE_API_KEY: 'bp_live_notarealkeynotarealkeynotarealkey00' });
    expect(badKey).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('HTTP 401 invalid_api_key') });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const noApi = await run({ BIO_PAGE_API_KEY: 'bp_live_x', BIO_PAGE_API_URL: `http://127.0.0.1:${port}` });
    expect(noApi).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('ECONNREFUSED') });
  });
});
