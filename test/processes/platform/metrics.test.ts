import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';
const KEY = Buffer.alloc(32, 9).toString('base64');

type Response = { statusCode: number; headers: Record<string, unknown>; json: () => unknown };

function expectNotFound(res: Response, path = '/metrics'): void {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 404, code: 'route_not_found', detail: `No route GET ${path}.` });
}

/** A fetch answer in the shape of an inject answer. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response & { body: string }> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
}

/**
 * Where the metrics are served (decisions.md, "Operators' surfaces"; docs/adr/0038): not on the public port by
 * default; on METRICS_PORT (loopback unless METRICS_HOST says otherwise), for the API and the worker processes; on
 * the public port only to a bearer of METRICS_TOKEN.
 */
describe('the metrics', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('are not served on the public port: /metrics is an unknown route, with or without a bearer', async () => {
      expectNotFound(await t.inject({ method: 'GET', url: '/metrics' }));
      expectNotFound(await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }));
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());

    it('are served on the public port to a bearer of the token, and to nobody else', async () => {
      expectNotFound(await t.inject({ method: 'GET', url: '/metrics' }));
      expectNotFound(await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } }));
      expectNotFound(await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } }));
      expectNotFound(await t.inject({ method: 'GET', url: '/metrics', headers: { 'x-api-key': TOKEN } }));
      const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/metrics",status="404"\} [1-9]/m);
      expect(res.body).toContain('process_resident_memory_bytes');
    });
  });

  describe('with METRICS_PORT', () => {
    let t: TestApp;
    let dataDir: string;
    let env: Record<string, string>;
    beforeAll(async () => {
      t = await startTestApp(); // its database, for the processes
      dataDir = mkdtempSync(join(tmpdir(), 'bp-metrics-'));
      env = { DATABASE_URL: t.databaseUrl, SECRET_ENCRYPTION_KEY: KEY, DATA_DIR: dataDir, LOG_FORMAT: 'json' };
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the API process serves them on a loopback listener of its own, and not on its public port', async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const api = await launch(
        'dist/main.js',
        { ...env, PORT: String(port), RUN_WORKERS: 'false', METRICS_PORT: String(metricsPort) },
        /Bio-Page API listening/,
      );
      try {
        expect(api.output()).toContain(`"url":"http://127.0.0.1:${metricsPort}/metrics","msg":"Metrics listening"`);
        expect((await get(`http://127.0.0.1:${port}/health/live`)).statusCode).toBe(200);
        expectNotFound(await get(`http://127.0.0.1:${port}/metrics`));

        const res = await get(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/health\/live",status="200"\} 1$/m);
        expect(res.body).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m); // public /metrics
        expect(res.body).toContain('process_resident_memory_bytes');
        expectNotFound(await get(`http://127.0.0.1:${metricsPort}/elsewhere`), '/elsewhere');

        // Bound to loopback: another address of this machine does not reach it.
        const external = Object.values(networkInterfaces())
          .flat()
          .find((a) => a && a.family === 'IPv4' && !a.internal);
        if (external) await expect(fetch(`http://${external.address}:${metricsPort}/metrics`)).rejects.toThrow();
      } finally {
        expect(await stop(api.child)).toBe(0);
      }
    });

    it('the worker process serves its own, and asks for METRICS_TOKEN there too when one is set', async () => {
      const metricsPort = await freePort();
      const worker = await launch(
        'dist/worker.js',
        { ...env, METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN },
        /Bio-Page workers running/,
      );
      try {
        expectNotFound(await get(`http://127.0.0.1:${metricsPort}/metrics`));
        const res = await get(`http://127.0.0.1:${metricsPort}/metrics`, { authorization: `Bearer ${TOKEN}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(/^outbox_unpublished_events \d+$/m);
        expect(res.body).toMatch(/^webhook_deliveries_due \d+$/m);
        expect(res.body).toContain('process_resident_memory_bytes');
      } finally {
        expect(await stop(worker.child)).toBe(0);
      }
    });
  });

  it('refuse a METRICS_TOKEN shorter than 32 characters, naming the variable', () => {
    const res = spawnSync(process.execPath, ['dist/main.js'], {
      env: { ...process.env, METRICS_TOKEN: 'too-short' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/METRICS_TOKEN must be at least 32 characters/);
  });
});
