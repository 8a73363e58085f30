import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes as they came over the wire */
  wire: Buffer;
  /** the body once decoded */
  text: string;
}

/**
 * Responses over 1 KiB are compressed as Accept-Encoding asks (decisions.md, third round; docs/adr/0048), over a real
 * connection: the bytes on the wire are brotli or gzip, and decode to the same document.
 */
describe('compressed responses', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_SITE_URL: 'http://127.0.0.1:3000/p' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode!, headers: res.headers, wire, text: plain.toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end();
    });

  it('serves the OpenAPI document as brotli or gzip, as asked, and as it is to a client that asks for neither', async () => {
    const plain = await get('/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const doc = JSON.parse(plain.text) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\.1/);
    const br = await get('/v1/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'accept-encoding']);
    expect(br.text).toBe(plain.text);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 5);
    const gzip = await get('/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(plain.text);
  });

  it('compresses the API reference page and its scripts', async () => {
    const page = await get('/docs', { 'accept-encoding': 'br' });
    expect([page.status, page.headers['content-encoding']]).toEqual([200, 'br']);
    expect(page.text).toContain('swagger-ui');
    const bundle = await get('/docs/swagger-ui-bundle.js', { 'accept-encoding': 'gzip' });
    expect([bundle.status, bundle.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(bundle.text.length).toBeGreaterThan(bundle.wire.length * 2);
  });

  it('compresses API answers and live pages over 1 KiB, and leaves small answers as they are', async () => {
    const tenant = await aTenant(t.commands);
    const call = apiOk(t, tenant.auth);
    const links = Array.from({ length: 12 }, (_, i) => ({ kind: 'LINK', data: { url: `https://example.com/${i}`, title: `Link ${i}` } }));
    const page = await aLivePage(call, 'Compressed', links);
    const answer = await get(`/v1/pages/${page.id}`, { ...tenant.auth, 'accept-encoding': 'gzip' });
    expect([answer.status, answer.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(JSON.parse(answer.text)).toMatchObject({ id: page.id });
    const live = await get(`/p/${page.slug}`, { 'accept-encoding': 'br' });
    expect([live.status, live.headers['content-encoding']]).toEqual([200, 'br']);
    expect(live.text).toContain('Link 11');
    const small = await get('/health/live', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
