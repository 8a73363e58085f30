import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { OtlpCollector, type CollectedSpan } from '../../support/otlp-collector.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Traces (docs/adr/0054): the compiled API process, its workers in the same process, exporting over OTLP (HTTP with
 * JSON) to a collector on loopback. One page publish is followed in one trace from the HTTP request through the
 * command, its statements, the outbox relay and the webhook attempt to a real HTTPS receiver. The SDK instruments
 * modules as Node loads them, which jest's own module loader bypasses: hence a process, not the in-process test app.
 */
describe('traces', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  const otel = new OtlpCollector();
  let api: Awaited<ReturnType<typeof launch>> | undefined;
  let port = 0;

  beforeAll(async () => {
    await rx.start();
    await otel.start();
    t = await startTestApp();
    port = await freePort();
  }, 30_000);
  afterAll(async () => {
    if (api) await stop(api.child);
    await t.close();
    await rx.close();
    await otel.close();
  });

  it('follows a page publish from the request to every webhook attempt in one trace, and sends no traceparent out', async () => {
    const { auth } = await aTenant(t.commands);
    api = await launch(
      'dist/main.js',
      {
        DATABASE_URL: t.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
        WEBHOOK_ALLOWED_TARGETS: rx.target,
        WEBHOOK_RETRY_DELAYS: '0.05',
        NODE_EXTRA_CA_CERTS: new URL('../../support/tls/ca.pem', import.meta.url).pathname,
        OTEL_EXPORTER_OTLP_ENDPOINT: otel.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      /Bio-Page API listening/,
    );
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(300);
      return (await res.json()) as { id: string };
    };
    // The first attempt of the event fails (sent by the relay), the retry succeeds (sent by the dispatcher).
    let failed = false;
    rx.behaviour = (_req, res, body) => {
      const fail = !failed && body.includes('page.published');
      failed ||= fail;
      res.writeHead(fail ? 503 : 204).end();
    };
    await call('/v1/webhook-endpoints', { url: rx.url('/traced'), event_types: ['page.published'] });
    const page = await call('/v1/pages', { title: 'Traced' });
    await call(`/v1/pages/${page.id}/publish`, {});
    await rx.waitFor((r) => r.filter((x) => x.path === '/traced' && x.body.includes('page.published')).length === 2);

    const isAttempt = (s: CollectedSpan) => s.name === 'webhook attempt';
    // The HTTP server span (kind SERVER) of the publish request.
    const publishSpan = (spans: CollectedSpan[]) => spans.find((s) => s.kind === 2 && s.name === 'POST /v1/pages/:page_id/publish');
    let trace: CollectedSpan[] = [];
    await otel.waitFor((spans) => {
      const server = publishSpan(spans);
      trace = server ? spans.filter((s) => s.traceId === server.traceId) : [];
      return trace.filter(isAttempt).length === 2 && trace.some((s) => s.name.startsWith('outbox publish'));
    });

    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const parentOf = (s: CollectedSpan) => (s.parentSpanId ? byId.get(s.parentSpanId) : undefined);
    const ancestry = (s: CollectedSpan): string[] => {
      const p = parentOf(s);
      return p ? [...ancestry(p), p.name] : [];
    };
    const server = publishSpan(trace)!;
    expect(server.parentSpanId).toBeUndefined(); // the request started the trace
    const command = trace.find((s) => s.name === 'command PublishPage')!;
    expect(ancestry(command)).toContain(server.name);
    expect(trace.some((s) => s.scope.includes('fastify'))).toBe(true);
    expect(trace.some((s) => s.scope.includes('instrumentation-pg') && ancestry(s).includes(command.name))).toBe(true);
    const relayed = trace.find((s) => s.name === 'outbox publish page.published')!;
    expect(parentOf(relayed)).toBe(command); // carried across the outbox row
    const attempts = trace.filter(isAttempt);
    for (const attempt of attempts) expect(parentOf(attempt)).toBe(relayed); // the retry through the stored envelope
    expect(attempts.map((a) => a.attributes['http.response.status_code']).sort()).toEqual([204, 503]);
    // The relay's batch is a trace of its own, linked to the change.
    const linksTheChange = (s: CollectedSpan) => s.name === 'outbox relay batch' && s.links.some((l) => l.spanId === command.spanId);
    await otel.waitFor((spans) => spans.some(linksTheChange));
    // Receivers are third parties: no trace context goes to them.
    for (const r of rx.received) expect(r.headers.traceparent).toBeUndefined();
    expect([...otel.paths]).toEqual(['/v1/traces']); // traces only: no OTLP metrics or logs
  }, 60_000);

  it('exports no preview token, no query string and no raw client address, whatever the request (ADR 0063)', async () => {
    expect(api).toBeDefined(); // the process the test above launched
    const { auth } = await aTenant(t.commands);
    const base = `http://127.0.0.1:${port}`;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([path, res.status < 500]).toEqual([path, true]);
      return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    rx.behaviour = (_req, res) => res.writeHead(204).end();
    await call('POST', '/v1/webhook-endpoints', { url: rx.url('/private?token=qsecret-endpoint'), event_types: ['page.published'] });
    let page = await call('POST', '/v1/pages', { title: 'Private traces' });
    page = await call('POST', `/v1/pages/${page.id}/blocks`, {
      expected_updated_at: page.draft.updated_at,
      kind: 'LINK',
      data: { url: 'https://shop.example.com/a', title: 'Shop' },
    });
    page = (await call('POST', `/v1/pages/${page.id}/publish`, {})).page;
    const preview = await call('POST', `/v1/pages/${page.id}/preview-links`, {});
    const token = new URL(preview.url).pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThan(20);

    await call('GET', '/v1/pages?limit=1&qsecret-api=1');
    const visits = [
      `/p/${page.slug}?utm_source=qsecret-site`,
      `/p/${page.slug}/r/${page.draft.blocks[0].id}?ref=qsecret-redirect`,
      `${new URL(preview.url).pathname}?x=qsecret-preview`,
    ];
    for (const path of visits) expect([path, (await fetch(`${base}${path}`, { redirect: 'manual' })).status]).not.toContain(500);
    await rx.waitFor((r) => r.some((x) => x.path.startsWith('/private') && x.body.includes('page.published')));
    // Its server spans, and the attempt to the receiver (the test above made two).
    await otel.waitFor(
      (spans) =>
        spans.some((s) => s.kind === 2 && String(s.attributes['http.route'] ?? s.name).includes('/preview/')) &&
        spans.filter((s) => s.name === 'webhook attempt').length >= 3,
    );
    await new Promise((r) => setTimeout(r, 500)); // one more export round for the spans that end last

    const exported = otel.bodies.join('\n');
    expect(exported).not.toContain(token);
    expect(exported).not.toContain('qsecret');
    const addresses = ['client.address', 'network.peer.address', 'net.peer.ip', 'net.sock.peer.addr', 'http.client_ip'];
    const seen: string[] = [];
    for (const span of otel.spans)
      for (const key of addresses) if (span.attributes[key] !== undefined) seen.push(String(span.attributes[key]));
    expect(seen.length).toBeGreaterThan(0); // the server spans do say where a request came from, truncated
    for (const value of seen) expect(value).toMatch(/^(\d+\.\d+\.\d+\.0\/24|[0-9a-f:]+\/48|unknown)$/);
  }, 60_000);
});
