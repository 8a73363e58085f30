import { describe, expect, it } from '@jest/globals';
import { generateResources, methodName } from '../../scripts/generate-sdk-resources.mjs';

const ok = (schema: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const list = ok({ type: 'object', properties: { data: { type: 'array', items: {} }, has_more: {}, next_cursor: {} } });

/** The SDK's resource classes come from the document alone: a new operation gets its method with no other change. */
describe('scripts/generate-sdk-resources.mjs', () => {
  it("names a method by its operationId without its resource's words", () => {
    expect(methodName('createPage', 'pages')).toBe('create');
    expect(methodName('listPages', 'pages')).toBe('list');
    expect(methodName('addBlock', 'pages')).toBe('addBlock');
    expect(methodName('rotateWebhookSecret', 'webhookEndpoints')).toBe('rotateSecret');
    expect(methodName('deleteWebhookEndpoint', 'webhookEndpoints')).toBe('delete');
    expect(methodName('listDeliveries', 'webhookEndpoints')).toBe('listDeliveries');
    expect(methodName('getAnalyticsSummary', 'analytics')).toBe('getSummary');
    expect(methodName('getOpenApiDocument', 'openapi')).toBe('getDocument');
    expect(methodName('pages', 'pages')).toBe('pages'); // nothing left: the operationId itself
  });

  it('emits one method per operation, with path parameters, body, query and cursor lists from the document', () => {
    const source = generateResources({
      paths: {
        '/v1/links': { get: { operationId: 'listLinks', parameters: [{ name: 'limit', in: 'query' }], responses: list } },
        '/v1/links/{link_id}/archive': {
          post: {
            operationId: 'archiveLink',
            parameters: [{ name: 'link_id', in: 'path', required: true }],
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: ok({}),
          },
        },
        '/v1/links/{link_id}': {
          delete: {
            operationId: 'deleteLink',
            parameters: [
              { name: 'link_id', in: 'path', required: true },
              { name: 'expected_updated_at', in: 'query', required: true },
            ],
            responses: { '204': { description: 'gone' } },
          },
        },
        '/v1/uploads': {
          post: {
            operationId: 'createUpload',
            requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'] } } } },
            responses: ok({}),
          },
        },
      },
    });
    expect(source).toContain('export class Links {');
    expect(source).toContain('list(query?: Query<"listLinks">, options?: RequestOptions): ListPromise<"listLinks">');
    expect(source).toContain('archive(linkId: PathParams<"archiveLink">["link_id"], body?: Body<"archiveLink">, options?: RequestOptions)');
    expect(source).toContain('{ path: { link_id: linkId }, body: body ?? {} }');
    expect(source).toContain('delete(linkId: PathParams<"deleteLink">["link_id"], query: Query<"deleteLink">, options?: RequestOptions)');
    expect(source).toContain('return this.requester.call("post", "/v1/uploads", { body, multipart: true }, options);');
    expect(source).toContain('readonly uploads: Uploads;');
    expect(source).toContain('this.links = new Links(requester);');
  });

  it('keeps the full operationId when two operations of a resource would get the same name', () => {
    const op = (operationId: string) => ({ operationId, responses: ok({}) });
    const source = generateResources({ paths: { '/v1/pages/a': { get: op('getPageA') }, '/v1/pages/b': { get: op('getPageA2') } } });
    expect(source).toContain('getA(');
    const clash = generateResources({ paths: { '/v1/pages/a': { get: op('getPage') }, '/v1/pages/b': { post: op('getPages') } } });
    expect(clash).toContain('getPage(');
    expect(clash).toContain('getPages(');
  });
});
