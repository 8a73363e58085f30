import { describe, expect, it } from '@jest/globals';
import type { Operation } from './openapi.js';
import { keyAccessFrom, offers } from './scopes.js';

const op = (id: string, method: string, scope: string): Operation => ({
  id,
  method,
  path: `/v1/${id}`,
  summary: id,
  description: '',
  scope,
  params: [],
  idempotent: false,
  destructive: false,
  openWorld: false,
});
const headers = (values: Record<string, string>) => new Headers(values);

describe('what the key may do, as the API tells it', () => {
  it('reads the scopes and the mode from the introspection headers', () => {
    const access = keyAccessFrom(headers({ 'x-api-key-scopes': 'pages:read, pages:write,publish', 'x-api-key-mode': 'live' }));
    expect(access).toEqual({ scopes: new Set(['pages:read', 'pages:write', 'publish']), test: false });
    expect(keyAccessFrom(headers({ 'x-api-key-scopes': '', 'x-api-key-mode': 'test' }))).toEqual({ scopes: new Set(), test: true });
  });

  it('knows nothing when the API did not recognise the key (no headers)', () => {
    expect(keyAccessFrom(headers({}))).toBeNull();
    expect(keyAccessFrom(headers({ 'x-api-key-scopes': 'pages:read' }))).toBeNull();
  });

  it('offers an operation whose scope is held, and to a test key only the reads', () => {
    const live = { scopes: new Set(['pages:read', 'pages:write']), test: false };
    const test = { scopes: new Set(['pages:read', 'pages:write']), test: true };
    expect(offers(op('getPage', 'GET', 'pages:read'), live)).toBe(true);
    expect(offers(op('createPage', 'POST', 'pages:write'), live)).toBe(true);
    expect(offers(op('publishPage', 'POST', 'publish'), live)).toBe(false);
    expect(offers(op('getPage', 'GET', 'pages:read'), test)).toBe(true);
    expect(offers(op('createPage', 'POST', 'pages:write'), test)).toBe(false);
  });
});
