import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainHttp, Serving } from '../../../src/platform/process/serving.js';
import { aTenant } from '../../factories/access.factory.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One GET on `agent`'s keep-alive connections. */
function get(port: number, agent: Agent, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * An API process's stop behind a load balancer (docs/adr/0051): while it drains, readiness says 503 and everything
 * else is still served, each response closing its keep-alive connection; then the listener closes. Once the
 * application closes, a request that still reaches a route is answered 503 problem+json, never Fastify's own body.
 */
describe('draining an API process', () => {
  let t: TestApp;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('answers 503 on /health/ready while it still serves, closes each connection after its answer, then stops listening', async () => {
    const tenant = await aTenant(t.commands);
    const before = await get(port, agent, '/health/ready');
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');

    const drained = drainHttp(t.app.getHttpServer(), t.app.get(Serving), { drainMs: 500, finishMs: 5_000 });
    const ready = await get(port, agent, '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ready.headers.connection).toBe('close');
    expect(JSON.parse(ready.body)).toMatchObject({ status: 503, code: 'service_unavailable' });
    const served = await get(port, agent, '/v1/contacts', tenant.auth);
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');
    expect((await get(port, agent, '/health/live')).status).toBe(200);

    await drained;
    expect(t.app.getHttpServer().listening).toBe(false);
    await expect(get(port, new Agent(), '/health/live')).rejects.toThrow(/ECONNREFUSED/);
  });

  it("answers a request that reaches a route while the application closes with 503 problem+json, not Fastify's own", async () => {
    const tenant = await aTenant(t.commands);
    t.app.get(Serving).close();
    const res = await t.inject({ method: 'GET', url: '/v1/contacts', headers: tenant.auth });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ status: 503, code: 'service_unavailable', request_id: res.headers['x-request-id'] });
  });
});
