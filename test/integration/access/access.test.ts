import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { ProbeModule } from '../../support/probe.module.js';
import { aKey, aTenant, aWorkspace } from '../../factories/access.factory.js';
import { SetWorkspacePlanCommand } from '../../../src/access/index.js';
import { secondsUntilReset } from '../../../src/access/domain/quota.js';

/** Asserts the RFC 9457 body field for field, and that request_id equals the header. */
function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  const requestId = res.headers['x-request-id'];
  expect(typeof requestId).toBe('string');
  expect(body).toEqual({
    type: `http://127.0.0.1:3000/docs/errors/${code.replace(/_/g, '-')}`,
    title: expect.any(String),
    status,
    instance: `urn:request:${requestId}`,
    code,
    request_id: requestId,
    ...(body.detail !== undefined ? { detail: expect.any(String) } : {}),
    ...(body.errors !== undefined ? { errors: expect.any(Array) } : {}),
  });
  return body;
}

describe('access checks, in the contract order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule], env: { RATE_LIMIT_BURST_REQUESTS: '1000', QUOTA_CREATOR_UNITS: '3' } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
  const write = (headers: Record<string, string>, body: object = { note: 'x' }) =>
    t.inject({ method: 'POST', url: '/v1/_probe/writes', headers, payload: body });

  describe('401 invalid_api_key', () => {
    it('accepts the key as Authorization: Bearer and as x-api-key', async () => {
      const { key } = await aTenant(t.commands);
      expect((await get('/v1/contacts', { authorization: `Bearer ${key}` })).statusCode).toBe(200);
      expect((await get('/v1/contacts', { authorization: `bearer ${key}` })).statusCode).toBe(200);
      expect((await get('/v1/contacts', { 'x-api-key': key })).statusCode).toBe(200);
    });

    it.each([
      ['no key', {}],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a malformed key', { authorization: 'Bearer not-a-key' }],
      ['a Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an unknown key', { 'x-api-key': `bp_live_${'A'.repeat(40)}` }],
    ])('refuses %s', async (_name, headers) => {
      expectProblem(await get('/v1/contacts', headers as Record<string, string>), 401, 'invalid_api_key');
    });

    it('refuses a known prefix with the wrong secret (constant-time hash compare)', async () => {
      const { key } = await aTenant(t.commands);
      const forged = key.slice(0, -4) + (key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      expectProblem(await get('/v1/contacts', { 'x-api-key': forged }), 401, 'invalid_api_key');
    });

    it('refuses a revoked key and an expired key', async () => {
      const ws = await aWorkspace(t.commands);
      const revoked = await aKey(t.commands, ws.id, { revoked: true });
      const expired = await aKey(t.commands, ws.id, { expiresAt: new Date(Date.now() - 1000) });
      expect(expectProblem(await get('/v1/contacts', { 'x-api-key': revoked.key }), 401, 'invalid_api_key').detail).toMatch(/revoked/);
      expect(expectProblem(await get('/v1/contacts', { 'x-api-key': expired.key }), 401, 'invalid_api_key').detail).toMatch(/expired/);
    });

    it('names the refused key by its mode and last four characters, never more of it (fifth round)', async () => {
      const ws = await aWorkspace(t.commands);
      const revoked = await aKey(t.commands, ws.id, { revoked: true });
      const unknown = `bp_test_${'Z'.repeat(36)}9876`;
      const named = async (key: string) => expectProblem(await get('/v1/contacts', { 'x-api-key': key }), 401, 'invalid_api_key');
      expect((await named(revoked.key)).detail).toBe(`The API key bp_live_…${revoked.key.slice(-4)} has been revoked.`);
      expect((await named(unknown)).detail).toBe('The API key bp_test_…9876 is not recognised.');
      expect((await named(revoked.key)).detail).not.toContain(revoked.key.slice(8, 20));
    });

    it('refuses a key revoked elsewhere (another process, straight in the database) on the next request, \
though this process had it cached', async () => {
      const { keyId, auth } = await aTenant(t.commands);
      expect((await get('/v1/contacts', auth)).statusCode).toBe(200);
      expect((await get('/v1/contacts', auth)).statusCode).toBe(200); // served from the in-process key cache
      await t.sql(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [keyId]);
      expect(expectProblem(await get('/v1/contacts', auth), 401, 'invalid_api_key').detail).toMatch(/revoked/);
    });

    it('moves the access epoch when a key or workspace changes, not when one is created (caches stay warm)', async () => {
      const epoch = async () => Number((await t.sql<{ epoch: string }>(`SELECT epoch FROM access_epoch`))[0]!.epoch);
      const before = await epoch();
      const { keyId, workspace } = await aTenant(t.commands);
      await aKey(t.commands, workspace.id);
      expect(await epoch()).toBe(before);
      await t.sql(`UPDATE workspaces SET name = name WHERE id = $1`, [workspace.id]); // no change: no move
      expect(await epoch()).toBe(before);
      await t.sql(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [keyId]);
      expect(await epoch()).toBe(before + 1);
    });

    it('sees a plan changed elsewhere on the next request', async () => {
      const { auth, workspace } = await aTenant(t.commands);
      expect((await get('/v1/contacts', auth)).statusCode).toBe(200);
      await t.sql(`UPDATE workspaces SET plan = 'free' WHERE id = $1`, [workspace.id]);
      expectProblem(await get('/v1/contacts', auth), 403, 'feature_not_enabled');
    });

    it('comes before everything else: even an unknown-scope write with a bad body is a 401', async () => {
      expectProblem(await write({ authorization: 'Bearer nope' }, { bogus: true }), 401, 'invalid_api_key');
    });
  });

  describe('403 feature_not_enabled', () => {
    it('refuses a free-plan workspace, before the test-key, scope and validation checks', async () => {
      const ws = await aWorkspace(t.commands, 'free');
      const testKey = await aKey(t.commands, ws.id, { mode: 'test', scopes: ['contacts:read'] });
      expectProblem(await get('/v1/contacts', { 'x-api-key': testKey.key }), 403, 'feature_not_enabled');
      expectProblem(await write({ 'x-api-key': testKey.key }, { bogus: 1 }), 403, 'feature_not_enabled');
      expectProblem(await get('/v1/files?limit=0', { 'x-api-key': testKey.key }), 403, 'feature_not_enabled');
    });

    it('follows a plan change at once', async () => {
      const { workspace, auth } = await aTenant(t.commands, 'creator');
      expect((await get('/v1/contacts', auth)).statusCode).toBe(200);
      await t.commands.execute(new SetWorkspacePlanCommand(workspace.id, 'free'));
      expectProblem(await get('/v1/contacts', auth), 403, 'feature_not_enabled');
    });
  });

  describe('403 test_key_read_only', () => {
    it('lets a test key read the same workspace data but refuses its writes, before the scope check', async () => {
      const ws = await aWorkspace(t.commands);
      const testKey = await aKey(t.commands, ws.id, { mode: 'test', scopes: ['contacts:read'] });
      expect((await get('/v1/contacts', { 'x-api-key': testKey.key })).statusCode).toBe(200);
      // The key lacks pages:write as well: test_key_read_only wins.
      expectProblem(await write({ 'x-api-key': testKey.key }), 403, 'test_key_read_only');
    });
  });

  describe('403 insufficient_scope', () => {
    it('refuses a key without the scope, before validation', async () => {
      const ws = await aWorkspace(t.commands);
      const k = await aKey(t.commands, ws.id, { scopes: ['contacts:read'] });
      expect((await get('/v1/contacts', { 'x-api-key': k.key })).statusCode).toBe(200);
      const body = expectProblem(await get('/v1/files?limit=abc', { 'x-api-key': k.key }), 403, 'insufficient_scope');
      expect(body.detail).toMatch(/files:read/);
      expectProblem(await write({ 'x-api-key': k.key }, { bogus: 1 }), 403, 'insufficient_scope');
    });

    it('grants publish only when named', async () => {
      const ws = await aWorkspace(t.commands);
      const k = await aKey(t.commands, ws.id, { scopes: ['pages:read', 'pages:write'] });
      const all = await aKey(t.commands, ws.id);
      expect(k.scopes).not.toContain('publish');
      expect(all.scopes).toContain('publish');
    });
  });

  describe('400 invalid_request', () => {
    it.each([
      ['/v1/contacts?limit=0', 'limit'],
      ['/v1/contacts?limit=101', 'limit'],
      ['/v1/contacts?limit=abc', 'limit'],
      ['/v1/contacts?limit=2.5', 'limit'],
      ['/v1/files?after=', 'after'],
      ['/v1/files?colour=red', 'colour'],
    ])('refuses %s naming the parameter', async (url, parameter) => {
      const { auth } = await aTenant(t.commands);
      const body = expectProblem(await get(url, auth), 400, 'invalid_request');
      expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ parameter, detail: expect.any(String) })]));
    });

    it('points into the body with JSON Pointers and refuses unknown fields', async () => {
      const { auth } = await aTenant(t.commands);
      const body = expectProblem(await write(auth, { note: 5, extra: true }), 400, 'invalid_request');
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { pointer: '/note', detail: expect.any(String) },
          { pointer: '/extra', detail: expect.stringMatching(/unknown field/) },
        ]),
      );
    });
  });

  describe('429 quota_exhausted', () => {
    it('spends one unit per costed call, refuses the call past the quota with Retry-After to the month end, \
and spends nothing then', async () => {
      const { workspace, auth } = await aTenant(t.commands, 'creator'); // 3 units (QUOTA_CREATOR_UNITS)
      for (let i = 0; i < 3; i++) {
        const ok = await get('/v1/contacts', auth);
        expect(ok.statusCode).toBe(200);
        expect(ok.headers.ratelimit).toMatch(new RegExp(`"monthly";r=${2 - i};t=\\d+`));
        expect(ok.headers['ratelimit-policy']).toBe('"burst";q=1000;w=10, "monthly";q=3;w=2592000');
      }
      // Validation comes before the quota.
      expectProblem(await get('/v1/contacts?limit=0', auth), 400, 'invalid_request');
      const refused = await get('/v1/files', auth);
      expectProblem(refused, 429, 'quota_exhausted');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Math.abs(retryAfter - secondsUntilReset(new Date()))).toBeLessThanOrEqual(2);
      expect(refused.headers.ratelimit).toMatch(/"monthly";r=0;t=\d+/);
      const [usage] = await t.sql<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = $1`, [workspace.id]);
      expect(Number(usage!.used)).toBe(3);
    });

    it('never lets concurrent calls overspend the quota', async () => {
      const { workspace, auth } = await aTenant(t.commands, 'creator');
      const results = await Promise.all(Array.from({ length: 12 }, () => get('/v1/contacts', auth)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
      const [usage] = await t.sql<{ used: string }>(`SELECT used FROM quota_usage WHERE workspace_id = $1`, [workspace.id]);
      expect(Number(usage!.used)).toBe(3);
    });
  });

  describe('headers', () => {
    it('echoes a safe client X-Request-Id and replaces an unsafe one', async () => {
      const { auth } = await aTenant(t.commands);
      expect((await get('/v1/contacts', { ...auth, 'x-request-id': 'client-abc.123:x' })).headers['x-request-id']).toBe('client-abc.123:x');
      const replaced = await get('/v1/contacts', { ...auth, 'x-request-id': 'bad id with spaces' });
      expect(replaced.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
      const unauth = await get('/v1/contacts', { 'x-request-id': 'mine-1' });
      expect(unauth.json().request_id).toBe('mine-1');
    });

    it('sends RateLimit-Policy and RateLimit on success', async () => {
      const { auth } = await aTenant(t.commands);
      const res = await get('/v1/files', auth);
      expect(res.headers['ratelimit-policy']).toBe('"burst";q=1000;w=10, "monthly";q=100000;w=2592000');
      expect(res.headers.ratelimit).toMatch(/^"burst";r=999;t=\d+, "monthly";r=99999;t=\d+$/);
    });
  });
});

describe('429 rate_limited (burst, shared in PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule], env: { RATE_LIMIT_BURST_REQUESTS: '3', RATE_LIMIT_BURST_WINDOW_SECONDS: '30' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the request past the burst with Retry-After and RateLimit headers, before the plan, \
scope and validation checks', async () => {
    const ws = await aWorkspace(t.commands, 'free');
    const k = await aKey(t.commands, ws.id, { scopes: ['contacts:read'] });
    for (let i = 0; i < 3; i++)
      expectProblem(
        await t.inject({ method: 'GET', url: '/v1/files?limit=0', headers: { 'x-api-key': k.key } }),
        403,
        'feature_not_enabled',
      );
    const res = await t.inject({ method: 'GET', url: '/v1/files?limit=0', headers: { 'x-api-key': k.key } });
    expectProblem(res, 429, 'rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(res.headers['ratelimit-policy']).toBe('"burst";q=3;w=30');
    expect(res.headers.ratelimit).toMatch(/^"burst";r=0;t=\d+$/);
  });

  it('counts per key, and a key that is refused does not eat another key’s budget', async () => {
    const { auth } = await aTenant(t.commands);
    const other = await aTenant(t.commands);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await t.inject({ method: 'GET', url: '/v1/contacts', headers: auth })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect((await t.inject({ method: 'GET', url: '/v1/contacts', headers: other.auth })).statusCode).toBe(200);
  });

  it('admits exactly the burst when many requests of two keys arrive at once (counted together in one statement)', async () => {
    const a = await aTenant(t.commands);
    const b = await aTenant(t.commands);
    const send = (auth: Record<string, string>) =>
      t.inject({ method: 'GET', url: '/v1/contacts', headers: auth }).then((r) => r.statusCode);
    const codes = await Promise.all([...Array.from({ length: 10 }, () => send(a.auth)), ...Array.from({ length: 10 }, () => send(b.auth))]);
    for (const half of [codes.slice(0, 10), codes.slice(10)]) {
      expect(half.filter((c) => c === 200)).toHaveLength(3);
      expect(half.filter((c) => c === 429)).toHaveLength(7);
    }
  });

  it('shares the count across two API instances on one database', async () => {
    const { auth } = await aTenant(t.commands);
    // A second instance of the app on the same database (same rate_limits table).
    const { createHttpApp } = await import('../../../src/http-app.js');
    const pino = (await import('pino')).default;
    const instance = await createHttpApp(
      t.config,
      { databaseUrl: t.databaseUrl, secretKey: Buffer.alloc(32, 9), runWorkers: false },
      pino({ level: 'silent' }),
    );
    try {
      const a = await t.inject({ method: 'GET', url: '/v1/contacts', headers: auth });
      const b = await instance.app.inject({ method: 'GET', url: '/v1/contacts', headers: auth });
      const c = await t.inject({ method: 'GET', url: '/v1/contacts', headers: auth });
      const d = await instance.app.inject({ method: 'GET', url: '/v1/contacts', headers: auth });
      expect([a.statusCode, b.statusCode, c.statusCode, d.statusCode]).toEqual([200, 200, 200, 429]);
    } finally {
      await instance.app.close();
    }
  });
});
