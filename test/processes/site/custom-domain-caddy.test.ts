import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk, type Json } from '../../support/api-calls.js';
import { Caddy } from '../../support/caddy.js';
import { TestDnsServer } from '../../support/dns-server.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const KEY = Buffer.alloc(32, 9).toString('base64');

/**
 * Certificates for custom domains (decisions.md, "Custom domains"; docs/adr/0094): Debian's Caddy runs
 * deploy/Caddyfile with its internal CA and on-demand TLS, asking the API process's operator port (GET /tls/ask)
 * before it issues a certificate. A verified hostname, resolved to Caddy, gets the page over HTTPS; an unverified
 * one gets no certificate at all.
 */
describe('custom domains behind Caddy', () => {
  let t: TestApp;
  const dns = new TestDnsServer();
  let dataDir: string;
  let api: Awaited<ReturnType<typeof launch>>;
  let caddy: Caddy;
  let metricsPort: number;

  beforeAll(async () => {
    await dns.start();
    t = await startTestApp({ env: { DNS_RESOLVERS: dns.resolvers } }); // its database, for the API process
    const tenant = await aTenant(t.commands);
    const call = apiOk(t, tenant.auth);
    const page = await aLivePage(call, 'Served by Caddy', [{ kind: 'HEADER', data: { text: 'Over HTTPS' } }]);
    const domain = await call('POST', '/v1/domains', { hostname: 'links.example.com', page_id: page.id });
    await call('POST', '/v1/domains', { hostname: 'pending.example.com', page_id: page.id });
    dns.set((domain.verification as Json).name as string, { txt: [(domain.verification as Json).value as string] });
    const verified = await call('POST', `/v1/domains/${domain.id}/verify`);
    if (verified.status !== 'verified') throw new Error(`the domain was not verified: ${JSON.stringify(verified)}`);

    dataDir = mkdtempSync(join(tmpdir(), 'bp-caddy-api-'));
    const [port, httpsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
    metricsPort = await freePort();
    api = await launch(
      'dist/main.js',
      {
        DATABASE_URL: t.databaseUrl,
        SECRET_ENCRYPTION_KEY: KEY,
        DATA_DIR: dataDir,
        PORT: String(port),
        RUN_WORKERS: 'false',
        METRICS_PORT: String(metricsPort),
        TRUST_PROXY: '127.0.0.1',
      },
      /Bio-Page API listening/,
    );
    caddy = await Caddy.start({ httpsPort, httpPort, askUrl: `http://127.0.0.1:${metricsPort}/tls/ask`, upstream: `127.0.0.1:${port}` });
  }, 60_000);
  afterAll(async () => {
    await caddy?.stop();
    if (api) await stop(api.child);
    await t.close();
    await dns.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the certificate check on the operator port: 200 for a verified domain only', async () => {
    expect(api.child.exitCode).toBeNull();
    const ask = async (domain: string) =>
      (await fetch(`http://127.0.0.1:${metricsPort}/tls/ask?domain=${encodeURIComponent(domain)}`)).status;
    expect(await ask('links.example.com')).toBe(200);
    expect([await ask('pending.example.com'), await ask('unknown.example.org'), await ask('')]).toEqual([404, 404, 404]);
  });

  it('gets a certificate for the verified hostname and serves its page over HTTPS', async () => {
    const res = await caddy.get('links.example.com', '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Over HTTPS');
    expect(res.body).toContain('<link rel="canonical" href="https://links.example.com/">');
  }, 30_000);

  it('gets no certificate for a hostname that is not verified: the handshake fails', async () => {
    await expect(caddy.get('pending.example.com', '/')).rejects.toThrow();
    await expect(caddy.get('unknown.example.org', '/')).rejects.toThrow();
  }, 30_000);
});
