import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { OtlpCollector, type CollectedSpan } from '../../support/otlp-collector.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** A value no route, constraint or fixture holds: found in an export only if a path or a row value leaked into it. */
const marker = (label: string) => `${label}${randomBytes(9).toString('hex')}`;

/**
 * What the compiled API exports for requests that match no route, and for statements PostgreSQL refuses with a value
 * in the error (decisions.md, fifth round, "Public files hold under slow readers"; docs/adr/0063, amended for issue
 * 46). The raw export bodies are searched, not the decoded attributes: a value in a span name, an event, a status
 * message or a resource counts as much as one in an attribute.
 */
describe('private traces', () => {
  let t: TestApp;
  const otel = new OtlpCollector();
  let api: Awaited<ReturnType<typeof launch>> | undefined;
  let base = '';

  beforeAll(async () => {
    await otel.start();
    t = await startTestApp();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await launch(
      'dist/main.js',
      {
        DATABASE_URL: t.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'), // the test app's key
        RUN_WORKERS: 'false',
        OTEL_EXPORTER_OTLP_ENDPOINT: otel.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      /Bio-Page API listening/,
    );
  }, 60_000);
  afterAll(async () => {
    if (api) await stop(api.child);
    await t.close();
    await otel.close();
  });

  /** The server span (kind SERVER) of each response status seen so far, by status code. */
  const serverSpans = (status: number) => otel.spans.filter((s) => s.kind === 2 && s.attributes['http.response.status_code'] === status);
  /** One more export round, for the spans that end last. */
  const settle = () => new Promise((r) => setTimeout(r, 500));

  it('exports a request that matches no route under a fixed name, never its path or its query', async () => {
    const secrets = {
      path: marker('unroutedpath'),
      query: marker('unroutedquery'),
      post: marker('unroutedpost'),
      body: marker('unroutedbody'),
      files: marker('unroutedfiles'),
      site: marker('unroutedsite'),
      root: marker('unroutedroot'),
    };
    const { auth } = await aTenant(t.commands);
    const requests: [string, string, RequestInit?][] = [
      ['GET', `/v1/unrouted/${secrets.path}?q=${secrets.query}`, { headers: auth }],
      [
        'POST',
        `/v1/unrouted/${secrets.post}`,
        { headers: { ...auth, 'content-type': 'application/json' }, body: `{"x":"${secrets.body}"}` },
      ],
      ['GET', `/files/${secrets.files}`],
      ['GET', `/p/${secrets.site}/x/y`],
      ['GET', `/${secrets.root}`],
    ];
    for (const [method, path, init] of requests) {
      const res = await fetch(`${base}${path}`, { method, redirect: 'manual', ...init });
      expect([path, res.status]).toEqual([path, 404]);
      await res.arrayBuffer();
    }
    await otel.waitFor(() => serverSpans(404).length >= requests.length);
    await settle();

    const exported = otel.bodies.join('\n');
    for (const [name, value] of Object.entries(secrets)) expect([name, exported.includes(value)]).toEqual([name, false]);
    const unrouted = serverSpans(404);
    expect(new Set(unrouted.map((s) => s.name))).toEqual(new Set(['GET', 'POST'])); // the method alone (HTTP conventions)
    const paths = (spans: CollectedSpan[]) => new Set(spans.map((s) => s.attributes['url.path']));
    expect(paths(unrouted)).toEqual(new Set(['(unrouted)']));
    expect(paths(otel.spans.filter((s) => s.name === 'request' && s.attributes['http.route'] === undefined))).toEqual(
      new Set(['(unrouted)']),
    );
  }, 60_000);

  it('exports a statement PostgreSQL refused without the value its error quotes, on every span of the request', async () => {
    const { auth } = await aTenant(t.commands);
    // A rule the service does not know: a title starting with `probe-` must be a UUID. PostgreSQL refuses any other
    // with `invalid input syntax for type uuid: "<the title>"`, the value in the message itself.
    await t.sql(`ALTER TABLE pages ADD CONSTRAINT probe_uuid_titles CHECK (title NOT LIKE 'probe-%' OR title::uuid IS NOT NULL)`);
    const title = `probe-${marker('rowvalue')}`;
    const res = await fetch(`${base}/v1/pages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    expect(res.status).toBe(500);
    await res.arrayBuffer();
    await t.sql(`ALTER TABLE pages DROP CONSTRAINT probe_uuid_titles`);
    // The statement's span (instrumentation-pg), the command's and the request's, with their error statuses and events.
    const refused = () => otel.bodies.filter((b) => b.includes('invalid input syntax for type uuid'));
    await otel.waitFor(() => refused().length > 0 && serverSpans(500).length > 0);
    await settle();

    const exported = otel.bodies.join('\n');
    expect(['row value', exported.includes(title.slice('probe-'.length))]).toEqual(['row value', false]);
    // What an operator needs stays: the error's kind, on the statement's span and the command's.
    const command = otel.spans.find((s) => s.name === 'command CreatePage');
    expect(command).toBeDefined();
    expect(refused().join('\n')).toContain('invalid input syntax for type uuid: [value]');
    expect(exported).toContain('22P02');
  }, 60_000);
});
