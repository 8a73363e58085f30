import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTenant } from '../../factories/access.factory.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The requests one process holds waiting for admission (key, burst window, quota) are bounded by
 * RATE_LIMIT_MAX_PENDING: past it a request is answered 503 service_unavailable with Retry-After at once
 * instead of joining a queue that grows with the load (decisions.md, "No request, page or tenant can take the
 * process's memory"; docs/adr/0036).
 */
describe('load shedding at admission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_MAX_PENDING: '2', RATE_LIMIT_BURST_REQUESTS: '100000' } });
  });
  afterAll(() => t.close());

  it('answers the requests past the bound 503 with Retry-After, and admits again once the others are through', async () => {
    const { auth } = await aTenant(t.commands);
    const results = await Promise.all(Array.from({ length: 30 }, () => t.inject({ method: 'GET', url: '/v1/pages', headers: auth })));
    const shed = results.filter((r) => r.statusCode === 503);
    const served = results.filter((r) => r.statusCode === 200);
    expect(shed.length + served.length).toBe(30);
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(shed.length).toBeGreaterThan(0);
    for (const r of shed) {
      expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toMatchObject({ status: 503, code: 'service_unavailable', request_id: r.headers['x-request-id'] });
    }
    for (let i = 0; i < 5; i++) expect((await t.inject({ method: 'GET', url: '/v1/pages', headers: auth })).statusCode).toBe(200);
  });
});
