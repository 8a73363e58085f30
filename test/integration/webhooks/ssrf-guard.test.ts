import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { SsrfGuard, SystemDnsResolver, UnsafeTargetError } from '../../../src/webhooks/infrastructure/ssrf-guard.js';
import { WebhookSender } from '../../../src/webhooks/infrastructure/webhook-sender.js';

const tls = (f: string) => readFileSync(new URL(`../../support/tls/${f}`, import.meta.url));
const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
const close = (server: Server | undefined) => new Promise<void>((r) => (server?.listening ? server.close(() => r()) : r()));

/** The guard with the real system resolver, and the pinned sender against real local HTTPS servers. */
describe('SsrfGuard with the system resolver', () => {
  it('refuses https://localhost/ (it resolves to a loopback address)', async () => {
    const guard = new SsrfGuard(new SystemDnsResolver());
    const err = await guard.resolveTarget('https://localhost/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsafeTargetError);
    expect((err as Error).message).toMatch(/^url resolves to a loopback address \((127\.\d+\.\d+\.\d+|::1)\)$/);
  });

  it('refuses a name that does not resolve', async () => {
    const guard = new SsrfGuard(new SystemDnsResolver());
    await expect(guard.resolveTarget('https://no-such-host.invalid/')).rejects.toThrow('url host could not be resolved');
  });

  describe('never follows a redirect to a private address', () => {
    const key = tls('receiver.key');
    const cert = tls('receiver.pem');
    let redirector: Server;
    let redirector6: Server | undefined;
    let inner: Server;
    let port: number;
    let innerPort: number;
    let redirectorHits = 0;
    let innerHits = 0;

    beforeAll(async () => {
      inner = createServer({ key, cert }, (_req, res) => {
        innerHits += 1;
        res.writeHead(204).end();
      });
      await listen(inner, 0, '127.0.0.1');
      innerPort = (inner.address() as AddressInfo).port;

      const redirect = (_req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
        redirectorHits += 1;
        res.writeHead(302, { location: `https://127.0.0.1:${innerPort}/` }).end();
      };
      redirector = createServer({ key, cert }, redirect);
      await listen(redirector, 0, '127.0.0.1');
      port = (redirector.address() as AddressInfo).port;
      // localhost may resolve to ::1 first on some machines: answer there too when IPv6 is available.
      redirector6 = createServer({ key, cert }, redirect);
      await listen(redirector6, port, '::1').catch(() => (redirector6 = undefined));
    });
    afterAll(async () => {
      await Promise.all([close(redirector), close(redirector6), close(inner)]);
    });

    it('reports the 302 as not delivered and the Location is never visited', async () => {
      const guard = new SsrfGuard(new SystemDnsResolver(), [`localhost:${port}`]);
      const target = await guard.resolveTarget(`https://localhost:${port}/in`);
      expect(target.url.host).toBe(`localhost:${port}`);
      expect(['127.0.0.1', '::1']).toContain(target.address);

      const sender = new WebhookSender({ userAgent: 't', ca: tls('ca.pem'), timeoutMs: 2_000 });
      const outcome = await sender.send(target, {}, JSON.stringify({ type: 'endpoint.test' }));
      expect(outcome).toMatchObject({ delivered: false, statusCode: 302 });
      expect(redirectorHits).toBe(1);
      expect(innerHits).toBe(0);
    });

    it('would refuse the redirect target itself (not an allowed target, private, not port 443)', async () => {
      const guard = new SsrfGuard(new SystemDnsResolver(), [`localhost:${port}`]);
      await expect(guard.resolveTarget(`https://127.0.0.1:${innerPort}/`)).rejects.toThrow(UnsafeTargetError);
      await expect(guard.resolveTarget('https://127.0.0.1/')).rejects.toThrow('url points to a loopback address (127.0.0.1)');
      expect(innerHits).toBe(0);
    });
  });
});
