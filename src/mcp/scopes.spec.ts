import { describe, expect, it } from '@jest/globals';
import type { Operation } from './openapi.js';
import { answerOf, KeyRefusedError, modeProbeFor, offers, probeFor, type KeyAccess } from './scopes.js';

const op = (id: string, method: string, path: string, scope: string, extra: Partial<Operation> = {}): Operation => ({
  id,
  method,
  path,
  summary: id,
  description: '',
  scope,
  params: [],
  idempotent: false,
  ...extra,
});
const limit = { name: 'limit', in: 'query' as const, schema: { type: 'integer' } };
const ops = [
  op('getPage', 'GET', '/v1/pages/{page_id}', 'pages:read'),
  op('listPages', 'GET', '/v1/pages', 'pages:read', { params: [limit] }),
  op('removeBlock', 'DELETE', '/v1/pages/{page_id}/blocks/{block_id}', 'pages:write'),
  op('publishPage', 'POST', '/v1/pages/{page_id}/publish', 'publish', { body: { schema: {}, required: false } }),
  op('listThings', 'GET', '/v1/things', 'things:read'),
];

describe('finding out what the key may do', () => {
  it('probes a scope with an invalid read when it has one, else an invalid write', () => {
    expect(probeFor(ops, 'pages:read')).toEqual({ method: 'GET', path: '/v1/pages?limit=x' });
    expect(probeFor(ops, 'publish')).toEqual({ method: 'POST', path: '/v1/pages/probe/publish', body: [] });
    expect(probeFor(ops, 'pages:write')).toBeUndefined(); // a DELETE without a body cannot be made invalid
    expect(probeFor(ops, 'things:read')).toBeUndefined();
    expect(modeProbeFor(ops)).toEqual({ method: 'POST', path: '/v1/pages/probe/publish', body: [] });
  });

  it('reads the answer: valid, insufficient scope or test key; anything else refuses the key', () => {
    const problem = (status: number, code: string) => ({ status, body: { status, code, detail: `${code} detail` } });
    expect(answerOf(problem(400, 'invalid_request'))).toBe('valid');
    expect(answerOf(problem(403, 'insufficient_scope'))).toBe('insufficient_scope');
    expect(answerOf(problem(403, 'test_key_read_only'))).toBe('test_key_read_only');
    expect(() => answerOf(problem(401, 'invalid_api_key'))).toThrow(
      new KeyRefusedError('the API refused the key (HTTP 401 invalid_api_key: invalid_api_key detail)'),
    );
    expect(() => answerOf(problem(403, 'feature_not_enabled'))).toThrow(KeyRefusedError);
    expect(() => answerOf({ status: 201, body: {} })).toThrow(new KeyRefusedError('the API refused the key (HTTP 201)'));
  });

  it('offers the operations of held or unchecked scopes, and a test key only its reads', () => {
    const scopes = new Map([
      ['pages:read', 'granted'],
      ['pages:write', 'unknown'],
      ['publish', 'missing'],
      ['things:read', 'granted'],
    ] as const);
    const offered = (key: KeyAccess) => ops.filter((o) => offers(o, key)).map((o) => o.id);
    expect(offered({ scopes: new Map(scopes), test: false })).toEqual(['getPage', 'listPages', 'removeBlock', 'listThings']);
    expect(offered({ scopes: new Map(scopes), test: true })).toEqual(['getPage', 'listPages', 'listThings']);
  });
});
