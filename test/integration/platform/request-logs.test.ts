import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { ProbeModule } from '../../support/probe.module.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Line = Record<string, unknown> & { level: number; msg?: string };

const VISITOR_V4 = '203.0.113.77';
const VISITOR_V6 = '2001:db8:1234:5678::9';

/**
 * What the logs say about requests (decisions.md, "Privacy in logs"; docs/adr/0038): one line per API request with
 * what an operator acts on, the live site at debug, and no visitor's address at info or above. The application logs
 * at debug here, so that the test also sees what is written below info.
 */
describe('request logs', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule], logLevel: 'debug' });
    tenant = await aTenant(t.commands);
  });
  afterAll(() => t.close());

  const lines = (): Line[] => t.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Line);
  const linesOf = (requestId: unknown) => lines().filter((l) => l.request_id === requestId);
  const keyPrefix = (key: string) => key.slice(0, 'bp_live_'.length + 12);

  /** An API request from a visitor's address; returns its response and the log lines of its request id. */
  async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown, from = VISITOR_V4) {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: from,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    return { res, logged: linesOf(res.headers['x-request-id']) };
  }

  /** The one request line among a request's lines (the line with the route). */
  const requestLine = (logged: Line[]) => {
    const withRoute = logged.filter((l) => 'route' in l);
    expect(withRoute).toHaveLength(1);
    return withRoute[0]!;
  };

  it('writes one line at info per API request: method, route pattern, status, duration, request id, workspace, key prefix', async () => {
    const { res, logged } = await call('GET', '/v1/contacts?limit=5', tenant.auth);
    expect(res.statusCode).toBe(200);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/v1/contacts',
      status: 200,
      request_id: res.headers['x-request-id'],
      workspace_id: tenant.workspace.id,
      key_prefix: keyPrefix(tenant.key),
      client: '203.0.113.0/24',
    });
    expect(typeof logged[0]!.duration_ms).toBe('number');
    expect(logged[0]).not.toHaveProperty('problem');
  });

  it('logs the route pattern, not the URL with its ids, and the problem code of a failure', async () => {
    const { res, logged } = await call('GET', '/v1/pages/pg_doesnotexist', tenant.auth);
    expect(res.statusCode).toBe(404);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      route: '/v1/pages/:page_id',
      status: 404,
      problem: res.json().code,
      workspace_id: tenant.workspace.id,
    });
    expect(JSON.stringify(logged[0])).not.toContain('pg_doesnotexist');
  });

  it('logs a 401 with its problem code, and the public prefix of a well-formed key it did not recognise', async () => {
    const unknown = `bp_live_${'Z'.repeat(40)}`;
    const refused = await call('GET', '/v1/contacts', { authorization: `Bearer ${unknown}` });
    expect(refused.res.statusCode).toBe(401);
    expect(refused.logged).toHaveLength(1);
    expect(refused.logged[0]).toMatchObject({ level: 30, status: 401, problem: 'invalid_api_key', key_prefix: keyPrefix(unknown) });
    expect(refused.logged[0]).not.toHaveProperty('workspace_id');
    expect(JSON.stringify(refused.logged[0])).not.toContain(unknown); // the secret part is not logged

    const missing = await call('GET', '/v1/contacts', {});
    expect(missing.logged).toHaveLength(1);
    expect(missing.logged[0]).toMatchObject({ level: 30, status: 401, problem: 'invalid_api_key' });
    expect(missing.logged[0]).not.toHaveProperty('key_prefix');
  });

  it('logs the workspace and key of a refusal after authentication (403 insufficient_scope)', async () => {
    const readOnly = await aKey(t.commands, tenant.workspace.id, { scopes: ['pages:read'] });
    const { res, logged } = await call('POST', '/v1/pages', { authorization: `Bearer ${readOnly.key}` }, { title: 'No' });
    expect(res.statusCode).toBe(403);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      method: 'POST',
      route: '/v1/pages',
      status: 403,
      problem: 'insufficient_scope',
      workspace_id: tenant.workspace.id,
      key_prefix: keyPrefix(readOnly.key),
    });
  });

  it('logs an unexpected error with its stack at error, besides the request line', async () => {
    const { res, logged } = await call(
      'POST',
      '/v1/_probe/writes',
      { ...tenant.auth, 'idempotency-key': 'crash-1' },
      { note: 'x', fail: 'crash' },
    );
    expect(res.statusCode).toBe(500);
    expect(requestLine(logged)).toMatchObject({ level: 30, status: 500, problem: 'internal_error', workspace_id: tenant.workspace.id });
    const errors = logged.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect((errors[0]!.err as { stack: string }).stack).toMatch(/probe: crash\n\s+at /);
  });

  it('keeps an IPv6 visitor to its /48', async () => {
    const { logged } = await call('GET', '/v1/contacts', tenant.auth, undefined, VISITOR_V6);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, client: '2001:db8:1234::/48' });
  });

  it('logs a live-site view at debug, not at info', async () => {
    const page = await aLivePage(apiOk(t, tenant.auth), 'Logged quietly', [
      { kind: 'LINK', data: { url: 'https://one.example/', title: 'A link' } },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/p/${page.slug}`, remoteAddress: VISITOR_V4, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const logged = linesOf(res.headers['x-request-id']);
    expect(logged.filter((l) => l.level >= 30)).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 20, method: 'GET', route: '/p/:slug', status: 200, client: '203.0.113.0/24' });
    expect(JSON.stringify(logged[0])).not.toContain(page.slug);
  });

  it('writes no visitor address, nor any address or port field, in any line at info or above', () => {
    const loud = lines().filter((l) => l.level >= 30);
    expect(loud.length).toBeGreaterThan(5);
    for (const line of loud) {
      const text = JSON.stringify(line);
      expect(text).not.toContain(VISITOR_V4);
      expect(text).not.toContain(VISITOR_V6);
      expect(text).not.toMatch(/remoteAddress|remotePort/);
    }
    // The same holds at debug, where the live site's lines are.
    expect(lines().filter((l) => JSON.stringify(l).includes(VISITOR_V4))).toEqual([]);
  });
});
