import { describe, expect, it } from '@jest/globals';
import type { Operation } from './openapi.js';
import { ArgumentError, noContentOf, requestFor, resultOf, toolFor, toolName, withToolNames } from './tools.js';

const op = (overrides: Partial<Operation>): Operation => ({
  id: 'getPage',
  method: 'GET',
  path: '/v1/pages/{page_id}',
  summary: 'Get a page',
  description: 'Scope `pages:read`.',
  scope: 'pages:read',
  params: [{ name: 'page_id', in: 'path', required: true, schema: { type: 'string' }, description: 'Page ID' }],
  idempotent: false,
  destructive: false,
  openWorld: false,
  ...overrides,
});
const removeBlock = op({
  id: 'removeBlock',
  method: 'DELETE',
  noContent: true,
  path: '/v1/pages/{page_id}/blocks/{block_id}',
  scope: 'pages:write',
  destructive: true,
  params: [
    { name: 'page_id', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'block_id', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'expected_updated_at', in: 'query', required: true, schema: { type: 'string' } },
  ],
});
const addBlock = op({
  id: 'addBlock',
  method: 'POST',
  path: '/v1/pages/{page_id}/blocks',
  summary: 'Append a block',
  description: '',
  scope: 'pages:write',
  idempotent: true,
  body: { required: true, schema: { type: 'object', properties: { kind: { type: 'string' } } } },
});

describe('a tool per operation', () => {
  it('is named in snake_case after the operationId', () => {
    expect(toolName('getAnalyticsSummary')).toBe('get_analytics_summary');
    expect(toolName('listPages')).toBe('list_pages');
  });

  it('takes the path and query parameters, the body, and for an IDEM operation an idempotency_key', () => {
    expect(toolFor(removeBlock).inputSchema).toEqual({
      type: 'object',
      properties: { page_id: { type: 'string' }, block_id: { type: 'string' }, expected_updated_at: { type: 'string' } },
      required: ['page_id', 'block_id', 'expected_updated_at'],
      additionalProperties: false,
    });
    const add = toolFor(addBlock).inputSchema;
    expect(add.properties).toEqual({
      page_id: { type: 'string' }, // its description, `Page ID`, only spelled its name
      body: { type: 'object', properties: { kind: { type: 'string' } } },
      idempotency_key: { type: 'string', minLength: 1, maxLength: 255 },
    });
    expect(add.required).toEqual(['page_id', 'body']);
  });

  it('is annotated from the HTTP method', () => {
    expect(toolFor(op({})).annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(toolFor(removeBlock).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(toolFor(addBlock).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(toolFor(op({ method: 'PATCH' })).annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
  });

  it('is destructive or reaches the open world as its operation is marked', () => {
    const archive = op({ id: 'archivePage', method: 'POST', destructive: true });
    expect(toolFor(archive).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: false });
    const createEndpoint = op({ id: 'createWebhookEndpoint', method: 'POST', openWorld: true });
    expect(toolFor(createEndpoint).annotations).toMatchObject({ destructiveHint: false, openWorldHint: true });
  });

  it('declares its structured output: an outline of the success body, which a problem passes too', () => {
    const page = { type: 'object', properties: { id: { type: 'string', description: 'Page ID' } }, required: ['id'] };
    const problem = { type: 'object', properties: { code: { type: 'string' } } };
    expect(toolFor(op({ output: page, problem })).outputSchema).toEqual({ type: 'object', properties: { id: {} } });
    expect(toolFor(op({ id: 'legacyDelete', method: 'DELETE' })).outputSchema).toBeUndefined(); // no declared answer
  });

  it('declares for a 204 (a delete) that it was deleted, with the path parameters it named, or the problem', () => {
    const problem = {
      type: 'object',
      properties: { type: { type: 'string', format: 'uri' }, status: { type: 'integer' }, code: { type: 'string', examples: ['x'] } },
      required: ['type', 'status', 'code'],
    };
    const deleted = {
      type: 'object',
      properties: { deleted: { type: 'boolean', const: true }, page_id: { type: 'string' }, block_id: { type: 'string' } },
      required: ['deleted', 'page_id', 'block_id'],
      additionalProperties: false,
    };
    expect(toolFor(removeBlock).outputSchema).toEqual(deleted);
    expect(toolFor({ ...removeBlock, problem }).outputSchema).toEqual({
      type: 'object',
      anyOf: [
        deleted,
        { type: 'object', properties: { status: { type: 'integer' }, code: { type: 'string' } }, required: ['status', 'code'] },
      ],
    });
    const clear = op({ id: 'clearThing', method: 'POST', noContent: true });
    expect(toolFor(clear).outputSchema).toMatchObject({ properties: { done: { const: true } }, required: ['done', 'page_id'] });
  });

  it('describes itself with the summary, the description and the scope, naming other operations by their tools', () => {
    expect(toolFor(op({}))).toMatchObject({ description: 'Get a page.\n\nScope `pages:read`.' });
    expect(toolFor(op({})).title).toBeUndefined(); // the summary opens the description
    expect(toolFor(addBlock).description).toBe('Append a block.\n\nNeeds the API key scope `pages:write`.');
    const get = op({
      description:
        'Read this before updatePage, addBlock or getPageX; `draft` is what pageUpdate edits.' +
        '\n\nScope `pages:read`. Quota cost: 0 unit(s).',
    });
    const ids = new Set(['getPage', 'updatePage', 'addBlock']);
    expect(toolFor(get, ids).description).toBe(
      'Get a page.\n\nRead this before update_page, add_block or getPageX; `draft` is what pageUpdate edits.\n\nScope `pages:read`.',
    );
    expect(toolFor(op({ description: 'Scope `pages:read`. Quota cost: 1 unit(s).' })).description).toContain('Quota cost: 1 unit(s).');
    expect(withToolNames('publishPage, then getPage (not publishPages)', new Set(['publishPage', 'getPage']))).toBe(
      'publish_page, then get_page (not publishPages)',
    );
  });
});

describe('calling a tool', () => {
  const fixedKey = () => 'key-1';

  it('encodes path parameters and builds the query string', () => {
    expect(
      requestFor(removeBlock, { page_id: 'pg/1', block_id: 'bl 2', expected_updated_at: '2030-01-01T00:00:00.000Z' }, fixedKey),
    ).toEqual({
      method: 'DELETE',
      path: '/v1/pages/pg%2F1/blocks/bl%202?expected_updated_at=2030-01-01T00%3A00%3A00.000Z',
    });
  });

  it('repeats an array query parameter once per item, as the API reads it (`?type=a&type=b`)', () => {
    const listEvents = op({
      id: 'listEvents',
      path: '/v1/events',
      scope: 'webhooks:read',
      params: [
        { name: 'type', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } },
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
      ],
    });
    expect(requestFor(listEvents, { type: ['contact.created', 'page.published'], limit: 5 }, fixedKey)).toEqual({
      method: 'GET',
      path: '/v1/events?type=contact.created&type=page.published&limit=5',
    });
  });

  it('sends the body as given, with a fresh Idempotency-Key unless one is passed', () => {
    expect(requestFor(addBlock, { page_id: 'pg_1', body: { kind: 'LINK' } }, fixedKey)).toEqual({
      method: 'POST',
      path: '/v1/pages/pg_1/blocks',
      headers: { 'idempotency-key': 'key-1' },
      body: { kind: 'LINK' },
    });
    expect(requestFor(addBlock, { page_id: 'pg_1', idempotency_key: 'mine' }, fixedKey)).toEqual({
      method: 'POST',
      path: '/v1/pages/pg_1/blocks',
      headers: { 'idempotency-key': 'mine' },
    });
  });

  it('refuses a missing path parameter and unknown arguments without a request', () => {
    expect(() => requestFor(op({}), {}, fixedKey)).toThrow(new ArgumentError('page_id is required: a non-empty string.'));
    expect(() => requestFor(op({}), { page_id: 'pg_1', pageId: 'pg_1' }, fixedKey)).toThrow(
      new ArgumentError('Unknown argument(s) pageId; this tool takes page_id.'),
    );
  });

  it('returns a success as text and structured content, and an API error as the problem with isError', () => {
    expect(resultOf({ status: 200, body: { id: 'pg_1' } })).toEqual({
      content: [{ type: 'text', text: '{"id":"pg_1"}' }],
      structuredContent: { id: 'pg_1' },
    });
    expect(resultOf({ status: 204, body: undefined })).toEqual({ content: [{ type: 'text', text: 'HTTP 204, no content.' }] });
    const gone = noContentOf(removeBlock, { page_id: 'pg_1', block_id: 'bl_2', expected_updated_at: 'x' });
    expect(gone).toEqual({ deleted: true, page_id: 'pg_1', block_id: 'bl_2' });
    expect(resultOf({ status: 204, body: undefined }, gone)).toEqual({
      content: [{ type: 'text', text: '{"deleted":true,"page_id":"pg_1","block_id":"bl_2"}' }],
      structuredContent: gone,
    });
    expect(noContentOf(op({}), { page_id: 'pg_1' })).toBeUndefined(); // a JSON answer is its own structured content
    const problem = {
      type: '/docs/errors/stale-snapshot',
      title: 'Stale snapshot',
      status: 409,
      code: 'stale_snapshot',
      request_id: 'req_1',
    };
    expect(resultOf({ status: 409, body: problem })).toEqual({
      content: [{ type: 'text', text: JSON.stringify(problem) }],
      structuredContent: problem,
      isError: true,
    });
    expect(resultOf({ status: 502, body: 'Bad gateway' })).toEqual({
      content: [{ type: 'text', text: 'HTTP 502: Bad gateway' }],
      isError: true,
    });
  });
});
