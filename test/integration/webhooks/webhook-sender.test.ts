import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WebhookSender } from '../../../src/webhooks/infrastructure/webhook-sender.js';
import { newSigningSecret, signatureHeaders } from '../../../src/webhooks/infrastructure/webhook-signing.js';

const tls = (f: string) => readFileSync(new URL(`../../support/tls/${f}`, import.meta.url));

/** A real local HTTPS receiver (test CA) whose behaviour each test sets. */
describe('WebhookSender against a real HTTPS receiver', () => {
  let server: Server;
  let port: number;
  let behaviour: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: string) => void = (_q, res) =>
    res.end();
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const sender = new WebhookSender({ userAgent: 'BioPage-Webhooks/1.0 (test)', ca: tls('ca.pem'), timeoutMs: 1_000 });

  beforeAll(async () => {
    server = createServer({ key: tls('receiver.key'), cert: tls('receiver.pem') }, (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        behaviour(req, res, body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  // The hostname in the URL is not resolvable; the sender must connect to the pinned address.
  const target = () => ({ url: new URL(`https://hooks.test:${port}/in`), address: '127.0.0.1', family: 4 as const });
  const body = JSON.stringify({ id: 'whmsg_t', type: 'endpoint.test', created_at: new Date().toISOString(), data: { message: 'hi' } });

  it('delivers a signed JSON POST that the standardwebhooks package verifies', async () => {
    behaviour = (_q, res) => res.writeHead(204).end();
    received.length = 0;
    const secret = newSigningSecret();
    const outcome = await sender.send(target(), signatureHeaders([secret], 'whmsg_t', Math.floor(Date.now() / 1000), body), body);
    expect(outcome).toMatchObject({ delivered: true, statusCode: 204, error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const got = received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/BioPage-Webhooks/);
    expect(got.headers.host).toBe(`hooks.test:${port}`);
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toEqual(JSON.parse(body));
  });

  it('reports a non-2xx with its status and the standard reason phrase, never the body (docs/adr/0058)', async () => {
    behaviour = (_q, res) => res.writeHead(503).end('Service Unavailable: ' + 'x'.repeat(2_000));
    const outcome = await sender.send(target(), { 'webhook-id': 'a' }, body);
    expect(outcome.delivered).toBe(false);
    expect(outcome.statusCode).toBe(503);
    expect(outcome.error).toBe('HTTP 503 Service Unavailable');
  });

  it('records nothing of an answer that echoes the payload, nor the receiver’s own reason phrase', async () => {
    const echoed = JSON.stringify({ data: { contact: { email: 'echo.me@example.com', name: 'Echo Person' } } });
    behaviour = (_q, res) => {
      res.statusMessage = 'Bad echo.me@example.com';
      res.writeHead(422, { 'content-type': 'text/html' }).end(`<pre>${echoed}</pre>`);
    };
    const outcome = await sender.send(target(), { 'webhook-id': 'a' }, echoed);
    expect(outcome).toMatchObject({ delivered: false, statusCode: 422, error: 'HTTP 422 Unprocessable Entity' });
    behaviour = (_q, res) => res.writeHead(599).end(echoed);
    expect((await sender.send(target(), {}, echoed)).error).toBe('HTTP 599');
  });

  it('never follows a redirect (a 3xx is a failure, the Location is not visited)', async () => {
    behaviour = (req, res) =>
      req.url === '/in' ? res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data' }).end() : res.end();
    received.length = 0;
    const outcome = await sender.send(target(), {}, body);
    expect(outcome).toMatchObject({ delivered: false, statusCode: 302, error: 'HTTP 302 Found' });
    expect(received).toHaveLength(1);
  });

  it('gives up after the time-out', async () => {
    behaviour = () => undefined; // never answers
    const outcome = await sender.send(target(), {}, body);
    expect(outcome).toMatchObject({ delivered: false, statusCode: null });
    expect(outcome.error).toMatch(/timeout/i);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(900);
  });

  it('keeps a pool per endpoint URL: hanging requests to one hold no connection of another on its host (docs/adr/0078)', async () => {
    const pooled = new WebhookSender({ userAgent: 'x', ca: tls('ca.pem'), timeoutMs: 1_000, connections: 2 });
    const at = (path: string) => ({ url: new URL(`https://hooks.test:${port}${path}`), address: '127.0.0.1', family: 4 as const });
    let held = 0;
    behaviour = (req, res) => (req.url === '/hang' ? void (held += 1) : res.writeHead(204).end());
    // More than the pool's two connections: one waits in the hanging endpoint's queue.
    const hanging = [1, 2, 3].map(() => pooled.send(at('/hang'), {}, body));
    while (held < 2) await new Promise((r) => setTimeout(r, 10));
    const started = performance.now();
    expect(await pooled.send(at('/ok'), {}, body)).toMatchObject({ delivered: true, statusCode: 204 });
    expect(performance.now() - started).toBeLessThan(500); // not after the hanging requests' 1 s time-out
    expect((await Promise.all(hanging)).map((o) => o.timedOut)).toEqual([true, true, true]);
    await pooled.close();
  });

  it('reports a network error in a short summary', async () => {
    const outcome = await sender.send({ url: new URL('https://hooks.test:1/in'), address: '127.0.0.1', family: 4 }, {}, body);
    expect(outcome).toMatchObject({ delivered: false, statusCode: null });
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('refuses a certificate the CA did not sign', async () => {
    // Only the public roots (NODE_EXTRA_CA_CERTS, which trusts the test CA, is left out on purpose).
    const strict = new WebhookSender({ userAgent: 'x', timeoutMs: 1_000, ca: rootCertificates.join('\n') });
    behaviour = (_q, res) => res.end();
    const outcome = await strict.send(target(), {}, body);
    expect(outcome.delivered).toBe(false);
    expect(outcome.error).toMatch(/certificate|self.signed|UNABLE_TO_VERIFY/i);
  });
});
