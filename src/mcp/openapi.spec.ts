import { describe, expect, it } from '@jest/globals';
import { inline, operationsOf, type OpenApiDocument } from './openapi.js';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'API', version: '1.0.0' },
  paths: {
    '/v1/things': {
      get: {
        operationId: 'listThings',
        summary: 'List things',
        'x-scope': 'things:read',
        parameters: [{ $ref: '#/components/parameters/Limit' }],
      },
      post: {
        operationId: 'createThing',
        summary: 'Create a thing',
        description: 'Scope `things:write`.',
        'x-scope': 'things:write',
        'x-open-world': true,
        parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewThing' } } } },
        responses: {
          '201': { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Red' } } } },
          '400': { description: 'Problem', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
    },
    '/v1/things/{thing_id}/picture': {
      post: {
        operationId: 'uploadPicture',
        'x-scope': 'things:write',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } },
      },
    },
    '/v1/things/{thing_id}': {
      parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } }],
      delete: { operationId: 'deleteThing', 'x-scope': 'things:write', responses: { '204': { description: 'Deleted' } } },
      post: { operationId: 'retireThing', 'x-scope': 'things:write', 'x-destructive': true },
    },
    '/v1/openapi.json': { get: { operationId: 'getOpenApiDocument', security: [] } },
  },
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } } },
    schemas: {
      NewThing: {
        type: 'object',
        properties: { kind: { oneOf: [{ $ref: '#/components/schemas/Red' }, { $ref: '#/components/schemas/Blue' }] } },
        required: ['kind'],
      },
      Red: { type: 'object', properties: { shade: { type: 'string' } }, title: 'Red' },
      Blue: { type: 'object', properties: { depth: { type: 'integer' } }, title: 'Blue' },
      Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
      'a/b': { type: 'string' },
      Problem: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    },
  },
};

describe('reading the OpenAPI document', () => {
  it('inlines $refs, keeping oneOf, with keywords beside a $ref winning over its target', () => {
    expect(inline(doc, { $ref: '#/components/schemas/NewThing' })).toEqual({
      type: 'object',
      properties: {
        kind: {
          oneOf: [
            { type: 'object', properties: { shade: { type: 'string' } }, title: 'Red' },
            { type: 'object', properties: { depth: { type: 'integer' } }, title: 'Blue' },
          ],
        },
      },
      required: ['kind'],
    });
    expect(inline(doc, { $ref: '#/components/schemas/Red', title: 'Crimson' })).toMatchObject({ title: 'Crimson' });
    expect(inline(doc, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'string' });
  });

  it('cuts a recursive schema where it refers to itself', () => {
    expect(inline(doc, { $ref: '#/components/schemas/Tree' })).toEqual({
      type: 'object',
      properties: { children: { type: 'array', items: {} } },
    });
  });

  it('refuses a reference it cannot resolve', () => {
    expect(() => inline(doc, { $ref: '#/components/schemas/Nope' })).toThrow('Unresolvable $ref #/components/schemas/Nope');
    expect(() => inline(doc, { $ref: 'other.json#/x' })).toThrow('Unsupported $ref other.json#/x');
  });

  it('lists the keyed operations with their parameters, Idempotency-Key and inlined body; none with a body that is not JSON', () => {
    const ops = operationsOf(doc);
    expect(ops.map((op) => [op.method, op.path, op.id, op.scope])).toEqual([
      ['GET', '/v1/things', 'listThings', 'things:read'],
      ['POST', '/v1/things', 'createThing', 'things:write'],
      ['POST', '/v1/things/{thing_id}', 'retireThing', 'things:write'],
      ['DELETE', '/v1/things/{thing_id}', 'deleteThing', 'things:write'],
    ]);
    const [list, create, , remove] = ops;
    expect(list).toMatchObject({ params: [{ name: 'limit', in: 'query' }], idempotent: false, summary: 'List things', description: '' });
    expect(list.body).toBeUndefined();
    expect(create).toMatchObject({ params: [], idempotent: true, body: { required: true, schema: { required: ['kind'] } } });
    expect(remove).toMatchObject({ params: [{ name: 'thing_id', in: 'path' }], summary: 'deleteThing' });
  });

  it('reads the success and problem bodies of an operation, and its destructive and open-world marks', () => {
    const [list, create, retire, remove] = operationsOf(doc);
    expect(create).toMatchObject({
      output: { type: 'object', title: 'Red' },
      problem: { type: 'object', required: ['code'] },
      destructive: false,
      openWorld: true,
    });
    expect(list).toMatchObject({ destructive: false, openWorld: false });
    expect(list!.output).toBeUndefined();
    expect(retire).toMatchObject({ destructive: true, openWorld: false });
    expect(remove).toMatchObject({ destructive: true }); // a DELETE
    expect(remove!.output).toBeUndefined(); // a 204 has no body
    expect(remove!.noContent).toBe(true);
    expect(create!.noContent).toBeUndefined();
  });
});
