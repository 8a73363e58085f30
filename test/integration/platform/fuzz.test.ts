import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { ERROR_CATALOG } from '../../../src/platform/errors/error-catalog.js';
import { aTenant } from '../../factories/access.factory.js';
import { rawRequest } from '../../support/raw-http.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Runs per operation; `FUZZ_RUNS=1000 npm test -- fuzz` is the slow variant. FUZZ_SEED and FUZZ_PATH (as fast-check
 * prints them) replay a failure of the HTTP parser fuzzing.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const CODES = new Set(Object.keys(ERROR_CATALOG));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Property-based fuzzing of all 25 operations (and the events API's): random and malformed bodies, query strings, headers, ids and
 * cursors. Properties: never a 5xx; every error is problem+json with a code from the catalog; and nothing
 * another workspace can see changes.
 */
describe('fuzzing every operation', () => {
  let t: TestApp;
  let fuzzer: Awaited<ReturnType<typeof aTenant>>;
  let bystander: Awaited<ReturnType<typeof aTenant>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // No endpoint URL is reachable (no allowed targets): webhook creates stop at the SSRF guard or DNS.
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '1000000' } });
    fuzzer = await aTenant(t.commands);
    bystander = await aTenant(t.commands);
    // The bystander's data, which nothing the fuzzer does may touch.
    const page = await t.inject({ method: 'POST', url: '/v1/pages', headers: bystander.auth, payload: { title: 'Bystander' } });
    ids.bystanderPage = page.json().id;
    const contact = await t.commands.execute(
      new CaptureContactCommand(bystander.workspace.id, 'bystander@example.com', undefined, 'FORM', undefined, undefined),
    );
    ids.bystanderContact = contact.id;
    // The fuzzer's own page, so that valid ids are in the mix too.
    const own = (await t.inject({ method: 'POST', url: '/v1/pages', headers: fuzzer.auth, payload: { title: 'Fuzzed' } })).json();
    ids.page = own.id;
    const withBlock = (
      await t.inject({
        method: 'POST',
        url: `/v1/pages/${own.id}/blocks`,
        headers: fuzzer.auth,
        payload: { expected_updated_at: own.draft.updated_at, kind: 'HEADER', data: { text: 'x' } },
      })
    ).json();
    ids.block = withBlock.draft.blocks[0].id;
    ids.stamp = withBlock.draft.updated_at;
  }, 30_000);
  afterAll(() => t.close());

  const snapshotOfBystander = async () => {
    const get = async (url: string) => (await t.inject({ method: 'GET', url, headers: bystander.auth })).json();
    return JSON.stringify([
      await get('/v1/pages'),
      await get(`/v1/pages/${ids.bystanderPage}`),
      await get('/v1/contacts'),
      await get('/v1/files'),
      await get('/v1/webhook-endpoints'),
    ]);
  };

  const idArb = () =>
    fc.oneof(
      fc.constantFrom(
        ids.page!,
        ids.block!,
        ids.bystanderPage!,
        ids.bystanderContact!,
        'we_x',
        'dlv_x',
        '%00',
        '..',
        '%FF',
        'x'.repeat(600),
      ),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
    );
  const valueArb = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom(ids.stamp, '2026-W47-1T10:00:00Z', '\u0000', 'https://10.0.0.1/x', 'javascript:alert(1)'),
  );
  const bodyArb = (fields: string[]) =>
    fc.oneof(
      fc.dictionary(fc.constantFrom(...fields, 'extra'), valueArb, { maxKeys: fields.length + 1 }).map((o) => JSON.stringify(o)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', 'null', '[]', '{"a":', '{"title":"\\ud800"}', '['.repeat(200)),
    );
  const queryArb = (names: string[]) =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...names, 'x'),
          fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), fc.constantFrom('7', '30', '90', 'FAILED', '-1', '1e9')),
        ),
        { maxLength: 3 },
      )
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : ''));
  const headerArb = fc.record(
    {
      'idempotency-key': fc.oneof(fc.string({ maxLength: 300 }), fc.constant('"quoted"')),
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-8',
      ),
      'x-request-id': fc.string({ maxLength: 250 }),
    },
    { requiredKeys: [] },
  );

  // The 25 operations, the events API's and the custom domains': method, path builder from an id arbitrary, body fields, query names.
  const ops: [string, string, (id: string, id2: string) => string, string[] | null, string[]][] = [
    ['listPages', 'GET', () => '/v1/pages', null, ['limit', 'after']],
    ['createPage', 'POST', () => '/v1/pages', ['title', 'description', 'locale', 'theme_preset_key'], []],
    ['getPage', 'GET', (id) => `/v1/pages/${id}`, null, []],
    [
      'updatePage',
      'PATCH',
      (id) => `/v1/pages/${id}`,
      ['expected_updated_at', 'title', 'description', 'theme_preset_key', 'block_updates', 'block_order'],
      [],
    ],
    ['addBlock', 'POST', (id) => `/v1/pages/${id}/blocks`, ['expected_updated_at', 'kind', 'data', 'file_url', 'file_name'], []],
    ['removeBlock', 'DELETE', (id, id2) => `/v1/pages/${id}/blocks/${id2}`, null, ['expected_updated_at']],
    ['publishPage', 'POST', (id) => `/v1/pages/${id}/publish`, ['starts_at', 'expected_updated_at'], []],
    ['cancelSchedule', 'DELETE', (id) => `/v1/pages/${id}/schedule`, null, []],
    ['archivePage', 'POST', (id) => `/v1/pages/${id}/archive`, [], []],
    ['createPreviewLink', 'POST', (id) => `/v1/pages/${id}/preview-links`, ['expires_in'], []],
    ['revokePreviewLinks', 'DELETE', (id) => `/v1/pages/${id}/preview-links`, null, []],
    ['listContacts', 'GET', () => '/v1/contacts', null, ['limit', 'after']],
    ['deleteContact', 'DELETE', (id) => `/v1/contacts/${id}`, null, []],
    ['listFiles', 'GET', () => '/v1/files', null, ['limit', 'after']],
    ['uploadFile', 'POST', () => '/v1/files', ['file'], []],
    ['analyticsSummary', 'GET', () => '/v1/analytics/summary', null, ['range_days']],
    ['listEndpoints', 'GET', () => '/v1/webhook-endpoints', null, []],
    ['createEndpoint', 'POST', () => '/v1/webhook-endpoints', ['url', 'event_types', 'secret'], []],
    ['getEndpoint', 'GET', (id) => `/v1/webhook-endpoints/${id}`, null, []],
    ['updateEndpoint', 'PATCH', (id) => `/v1/webhook-endpoints/${id}`, ['url', 'event_types', 'enabled'], []],
    ['deleteEndpoint', 'DELETE', (id) => `/v1/webhook-endpoints/${id}`, null, []],
    ['rotateSecret', 'POST', (id) => `/v1/webhook-endpoints/${id}/rotate-secret`, ['secret'], []],
    ['sendTest', 'POST', (id) => `/v1/webhook-endpoints/${id}/test`, [], []],
    ['listDeliveries', 'GET', (id) => `/v1/webhook-endpoints/${id}/deliveries`, null, ['limit', 'after', 'status']],
    ['getDelivery', 'GET', (id, id2) => `/v1/webhook-endpoints/${id}/deliveries/${id2}`, null, []],
    ['resendDelivery', 'POST', (id, id2) => `/v1/webhook-endpoints/${id}/deliveries/${id2}/resend`, [], []],
    ['replayDeliveries', 'POST', (id) => `/v1/webhook-endpoints/${id}/replay`, ['since'], []],
    ['listEvents', 'GET', () => '/v1/events', null, ['limit', 'after', 'type', 'created_after', 'created_before']],
    ['getEvent', 'GET', (id) => `/v1/events/${id}`, null, []],
    ['createDomain', 'POST', () => '/v1/domains', ['hostname', 'page_id'], []],
    ['listDomains', 'GET', () => '/v1/domains', null, ['limit', 'after']],
    ['getDomain', 'GET', (id) => `/v1/domains/${id}`, null, []],
    ['updateDomain', 'PATCH', (id) => `/v1/domains/${id}`, ['page_id'], []],
    ['deleteDomain', 'DELETE', (id) => `/v1/domains/${id}`, null, []],
    ['verifyDomain', 'POST', (id) => `/v1/domains/${id}/verify`, [], []],
  ];

  it('covers every operation of the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Json;
    const operations = Object.entries(doc.paths as Json)
      .flatMap(([path, item]) => Object.keys(item as Json).map((m) => `${m} ${path}`))
      // The event stream's answer never ends, so inject cannot fuzz it: its refusals are tested in listen.test.ts.
      .filter((o) => o !== 'get /v1/openapi.json' && o !== 'get /v1/events/stream');
    expect(operations).toHaveLength(ops.length);
  });

  it.each(ops.map((o) => [o[0], o] as const))(
    '%s: never 5xx, errors are problem+json with a contract code, other workspaces untouched',
    async (_name, [, method, path, fields, query]) => {
      const before = await snapshotOfBystander();
      await fc.assert(
        fc.asyncProperty(
          idArb(),
          idArb(),
          fields ? bodyArb(fields) : fc.constant(undefined),
          queryArb(query.length ? query : ['x']),
          headerArb,
          async (id, id2, body, qs, headers) => {
            const res = await t.inject({
              method: method as 'GET',
              url: path(id, id2) + qs,
              headers: { ...fuzzer.auth, ...headers },
              ...(body !== undefined ? { payload: body } : {}),
            });
            if (res.statusCode >= 500) throw new Error(`${method} ${path(id, id2)}${qs} → ${res.statusCode}: ${res.body}`);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
              const problem = res.json() as Json;
              expect(CODES.has(problem.code)).toBe(true);
              expect(problem.request_id).toBe(res.headers['x-request-id']);
            }
          },
        ),
        { numRuns: RUNS },
      );
      expect(await snapshotOfBystander()).toBe(before);
    },
    120_000,
  );

  it('answers 404 resource_not_found to every operation on another workspace’s resources, and changes nothing', async () => {
    const page = (await t.inject({ method: 'GET', url: `/v1/pages/${ids.bystanderPage}`, headers: bystander.auth })).json() as Json;
    await t.sql(
      `INSERT INTO webhook_endpoints (id, workspace_id, url, event_types, status, secret_encrypted, created_at, updated_at)
       VALUES ('we_bystander', $1, 'https://hooks.example.com/x', '{sale.paid}', 'ACTIVE', 'v1.a.b.c', now(), now())`,
      [bystander.workspace.id],
    );
    const before = await snapshotOfBystander();
    const stamp = page.draft.updated_at;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/v1/pages/${page.id}`],
      ['PATCH', `/v1/pages/${page.id}`, { expected_updated_at: stamp, title: 'Mine now' }],
      ['POST', `/v1/pages/${page.id}/blocks`, { expected_updated_at: stamp, kind: 'HEADER', data: { text: 'x' } }],
      ['DELETE', `/v1/pages/${page.id}/blocks/blk_x?expected_updated_at=${encodeURIComponent(stamp)}`],
      ['POST', `/v1/pages/${page.id}/publish`, {}],
      ['POST', `/v1/pages/${page.id}/publish`, { expected_updated_at: stamp }],
      ['DELETE', `/v1/pages/${page.id}/schedule`],
      ['POST', `/v1/pages/${page.id}/archive`, {}],
      ['POST', `/v1/pages/${page.id}/preview-links`, {}],
      ['DELETE', `/v1/contacts/${ids.bystanderContact}`],
      ['GET', '/v1/webhook-endpoints/we_bystander'],
      ['PATCH', '/v1/webhook-endpoints/we_bystander', { enabled: false }],
      ['DELETE', '/v1/webhook-endpoints/we_bystander'],
      ['POST', '/v1/webhook-endpoints/we_bystander/rotate-secret'],
      ['POST', '/v1/webhook-endpoints/we_bystander/test'],
      ['GET', '/v1/webhook-endpoints/we_bystander/deliveries'],
      ['GET', '/v1/webhook-endpoints/we_bystander/deliveries/dlv_x'],
      ['POST', '/v1/webhook-endpoints/we_bystander/deliveries/dlv_x/resend'],
      ['POST', '/v1/webhook-endpoints/we_bystander/replay', { since: new Date().toISOString() }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: { ...fuzzer.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 404, 'resource_not_found']);
    }
    // Lists show only the caller's own data.
    for (const url of ['/v1/pages', '/v1/webhook-endpoints', '/v1/contacts', '/v1/files']) {
      const own = JSON.stringify((await t.inject({ method: 'GET', url, headers: fuzzer.auth })).json());
      expect(own).not.toContain(ids.bystanderPage);
      expect(own).not.toContain('we_bystander');
    }
    expect(await snapshotOfBystander()).toBe(before);
  });
});

/**
 * Raw malformed HTTP, below what any client library would send: random bytes in header names and values,
 * oversized headers, broken request lines and chunked bodies. Every answer is a problem+json with a code from
 * the catalog and an X-Request-Id, never a 5xx, Fastify's own body or a reset.
 */
describe('fuzzing the HTTP parser', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // A random chunk size may be a valid one larger than what follows: such a request is answered 408 once it
    // has not arrived in full within the (here short) request timeout.
    t = await startTestApp({ env: { HTTP_REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const byte = fc.integer({ min: 0, max: 255 });
  const bytes = (max: number) => fc.array(byte, { minLength: 1, maxLength: max }).map((b) => Buffer.from(b));
  const malformed = fc.oneof(
    // a header whose name or value holds random bytes (CR, LF, NUL, non-ASCII, …)
    fc
      .tuple(bytes(20), bytes(40))
      .map(([name, value]) =>
        Buffer.concat([Buffer.from('GET /v1/contacts HTTP/1.1\r\nHost: x\r\nX-'), name, Buffer.from(': '), value, Buffer.from('\r\n\r\n')]),
      ),
    // headers over the 16 KiB limit
    fc
      .integer({ min: 17 * 1024, max: 200_000 })
      .map((n) => Buffer.from(`GET /v1/pages HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(n)}\r\n\r\n`)),
    // a chunked body with a random chunk-size line
    bytes(12).map((size) =>
      Buffer.concat([
        Buffer.from('POST /v1/pages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'),
        size,
        Buffer.from('\r\n{}\r\n0\r\n\r\n'),
      ]),
    ),
    // a random request line
    bytes(60).map((line) => Buffer.concat([line, Buffer.from('\r\nHost: x\r\n\r\n')])),
  );

  it('answers every malformed request with a problem+json from the catalog and an X-Request-Id', async () => {
    await fc.assert(
      fc.asyncProperty(malformed, async (request) => {
        const answer = await rawRequest(port, [
          Buffer.concat([request, Buffer.from('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]),
        ]);
        if (answer.status === 200 && !answer.headers['content-type']?.includes('problem')) return; // the bytes happened to be valid
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(answer.headers['x-request-id']).toBeDefined();
        // (The body of the first answer only: a second one, for the request appended above, may follow it.)
        const body = Buffer.from(answer.body, 'latin1').subarray(0, Number(answer.headers['content-length']));
        expect(CODES.has((JSON.parse(body.toString('utf8')) as { code: string }).code)).toBe(true);
        expect(answer.reset).toBe(false);
      }),
      { numRuns: RUNS * 4, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {}) },
    );
  }, 120_000);
});
