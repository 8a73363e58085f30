import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { ProbeModule } from '../../support/probe.module.js';
import { aTenant } from '../../factories/access.factory.js';
import { ERROR_CATALOG, errorSlug } from '../../../src/platform/errors/error-catalog.js';
import { ContractChecker } from '../../support/contract.js';
import { BLOCK_KINDS } from '../../../src/pages/domain/block-kinds.js';

/** Metrics are served on the public port only to a bearer of METRICS_TOKEN (docs/adr/0038; test/processes/platform/metrics.test.ts). */
const METRICS_TOKEN = 'metrics-token-for-the-http-platform-tests';
const scrape = { authorization: `Bearer ${METRICS_TOKEN}` };

describe('the HTTP platform', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ extra: [ProbeModule], env: { METRICS_TOKEN } });
    auth = (await aTenant(t.commands)).auth;
  });
  afterAll(() => t.close());

  const expectProblem = (res: Awaited<ReturnType<TestApp['inject']>>, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status,
      code,
      request_id: res.headers['x-request-id'],
      instance: `urn:request:${res.headers['x-request-id']}`,
    });
  };

  it('answers GET / with a front page linking the reference, the document and the health checks (fifth round)', async () => {
    const html = await t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect([html.statusCode, html.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    for (const href of ['/docs', '/v1/openapi.json', '/health/live', '/health/ready']) expect(html.body).toContain(`href="${href}"`);
    const json = await t.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect([json.statusCode, json.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    expect(json.json().links.map((l: { href: string }) => new URL(l.href).pathname)).toEqual(
      expect.arrayContaining(['/docs', '/v1/openapi.json', '/health/live', '/health/ready']),
    );
    expect((await t.inject({ method: 'GET', url: '/' })).headers['content-type']).toBe('text/html; charset=utf-8');
    // Each link answers.
    for (const href of ['/docs', '/v1/openapi.json', '/health/live', '/health/ready'])
      expect([href, (await t.inject({ method: 'GET', url: href })).statusCode]).toEqual([href, 200]);
  });

  it('answers an unknown route with 404 route_not_found before any key check', async () => {
    expectProblem(await t.inject({ method: 'GET', url: '/v1/nothing-here' }), 404, 'route_not_found');
    expectProblem(await t.inject({ method: 'POST', url: '/elsewhere', payload: {} }), 404, 'route_not_found');
  });

  it('answers an empty path segment with 404 route_not_found, never a 405 naming the request’s own method', async () => {
    for (const [method, url] of [
      ['GET', '/v1/pages/'],
      ['POST', '/v1/pages//blocks'],
      ['GET', '/docs/nope'],
      ['PATCH', '/v1/pages/'],
    ] as const) {
      const res = await t.inject({ method, url, headers: auth, ...(method === 'GET' ? {} : { payload: {} }) });
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 404, 'route_not_found']);
    }
  });

  it('answers a malformed URL with a 400 problem, and a very long id with the resource’s 404', async () => {
    expectProblem(await t.inject({ method: 'GET', url: '/v1/pages/%FF', headers: auth }), 400, 'invalid_request');
    expectProblem(await t.inject({ method: 'GET', url: `/v1/pages/${'x'.repeat(1000)}`, headers: auth }), 404, 'resource_not_found');
  });

  it('answers a wrong method with 405 method_not_allowed and Allow', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/v1/files' });
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toContain('GET');
  });

  it('answers bad JSON with 400, a non-object body with 400, and an empty JSON body with 400', async () => {
    const post = (payload: string) =>
      t.inject({ method: 'POST', url: '/v1/_probe/writes', headers: { ...auth, 'content-type': 'application/json' }, payload });
    expectProblem(await post('{"note": '), 400, 'invalid_request');
    expectProblem(await post('[1,2]'), 400, 'invalid_request');
    expectProblem(await post('"text"'), 400, 'invalid_request');
    expectProblem(await post(''), 400, 'invalid_request');
  });

  it('says where a body that is not JSON breaks: the line, the column and the offset (fifth round)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/_probe/writes',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{\n  "note": "x"\n  "other": 1\n}',
    });
    expectProblem(res, 400, 'invalid_request');
    expect(res.json().detail).toBe("The request body is not valid JSON: a ',' was expected at line 3, column 3 (offset 18).");
  });

  it('refuses a JSON body that is not valid UTF-8 instead of storing replacement characters', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/_probe/writes',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"note": "caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    });
    expectProblem(res, 400, 'invalid_request');
    expect(res.json().detail).toBe('The request body is not valid UTF-8.');
  });

  it('takes only plain decimal integers in the query string', async () => {
    for (const value of ['0x10', '1e1', '0b11', ' 5', '5 ', '+5', '1.0', '']) {
      const res = await t.inject({ method: 'GET', url: `/v1/contacts?limit=${encodeURIComponent(value)}`, headers: auth });
      expect([value, res.statusCode, res.json().errors?.[0]?.parameter]).toEqual([value, 400, 'limit']);
    }
    const range = await t.inject({ method: 'GET', url: '/v1/analytics/summary?range_days=0x7', headers: auth });
    expect([range.statusCode, range.json().errors?.[0]?.parameter]).toEqual([400, 'range_days']);
    expect((await t.inject({ method: 'GET', url: '/v1/contacts?limit=10', headers: auth })).statusCode).toBe(200);
  });

  it('accepts application/merge-patch+json on a PATCH, and only there', async () => {
    const page = (
      await t.inject({
        method: 'POST',
        url: '/v1/pages',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { title: 'Merge' },
      })
    ).json();
    const patched = await t.inject({
      method: 'PATCH',
      url: `/v1/pages/${page.id}`,
      headers: { ...auth, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ expected_updated_at: page.draft.updated_at, title: 'Merged' }),
    });
    expect([patched.statusCode, patched.json().title]).toEqual([200, 'Merged']);
    const posted = await t.inject({
      method: 'POST',
      url: '/v1/pages',
      headers: { ...auth, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ title: 'Not a patch' }),
    });
    expectProblem(posted, 415, 'unsupported_media_type');
  });

  it('checks the key before the body: bad JSON or a wrong media type without a key is a 401', async () => {
    for (const [type, payload] of [
      ['application/json', '{"note": '],
      ['text/plain', 'hello'],
      ['application/json', ''],
    ]) {
      expectProblem(
        await t.inject({ method: 'POST', url: '/v1/_probe/writes', headers: { 'content-type': type! }, payload }),
        401,
        'invalid_api_key',
      );
    }
  });

  it('refuses a prototype-poisoning body', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/_probe/writes',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"note":"x","__proto__":{"admin":true}}',
    });
    expectProblem(res, 400, 'invalid_request');
  });

  it('answers a non-JSON content type with 415 and an oversized body with 413', async () => {
    expectProblem(
      await t.inject({ method: 'POST', url: '/v1/_probe/writes', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'hello' }),
      415,
      'unsupported_media_type',
    );
    expectProblem(
      await t.inject({
        method: 'POST',
        url: '/v1/_probe/writes',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      }),
      415,
      'unsupported_media_type',
    );
    const big = JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 10) });
    expectProblem(
      await t.inject({ method: 'POST', url: '/v1/_probe/writes', headers: { ...auth, 'content-type': 'application/json' }, payload: big }),
      413,
      'payload_too_large',
    );
  });

  it('puts X-Request-Id on every response, errors and non-API routes included', async () => {
    for (const url of ['/health/live', '/v1/nothing', '/docs/errors/invalid-request', '/metrics', '/v1/openapi.json']) {
      expect((await t.inject({ method: 'GET', url })).headers['x-request-id']).toBeTruthy();
    }
  });

  it('serves a documentation page for every error code, so every problem type resolves', async () => {
    for (const code of Object.keys(ERROR_CATALOG)) {
      const res = await t.inject({ method: 'GET', url: `/docs/errors/${errorSlug(code)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(code);
    }
    expectProblem(await t.inject({ method: 'GET', url: '/docs/errors/no-such-code' }), 404, 'route_not_found');
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger-ui/i);
    // Issue 14: our favicon and no vendor top bar; the key kept across reloads; "Try it out" a deliberate click.
    expect(res.body).toContain("rel='icon' href='data:image/svg+xml,");
    expect(res.body).toContain('.topbar { display: none }');
    const init = (await t.inject({ method: 'GET', url: '/docs/swagger-ui-init.js' })).body;
    expect(init).toMatch(/"persistAuthorization": true/);
    expect(init).toMatch(/"tryItOutEnabled": false/);
  });

  it('reports liveness, and readiness from the database', async () => {
    expect((await t.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('exposes Prometheus metrics, HTTP requests included', async () => {
    await t.inject({ method: 'GET', url: '/v1/contacts', headers: auth });
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: scrape });
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/v1\/contacts",status="200"\} \d+/);
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('counts problems by error code, and reports the webhook and outbox backlogs read from the database', async () => {
    await t.inject({ method: 'GET', url: '/v1/contacts', headers: { authorization: 'Bearer nope' } });
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload) VALUES ('whmsg_metrics_probe', 'ws_metrics', 'x', '{"data":{}}')`,
    );
    const body = (await t.inject({ method: 'GET', url: '/metrics', headers: scrape })).body;
    expect(body).toMatch(/api_problems_total\{status="401",code="invalid_api_key"\} [1-9]/);
    expect(body).toMatch(/^outbox_unpublished_events [1-9]\d*$/m);
    expect(body).toMatch(/^webhook_deliveries_due \d+$/m);
    expect(body).toMatch(/^webhook_oldest_due_seconds [\d.]+$/m);
    await t.sql(`DELETE FROM outbox WHERE event_id = 'whmsg_metrics_probe'`);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1, version 1.0.0, served without a key', async () => {
    const res = await t.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    // No made-up support address (it was api@bio-page.example): the contact is the API reference the service serves.
    expect(doc.info.contact).toEqual({ name: 'Bio-Page API', url: 'http://127.0.0.1:3000/docs' });
    // An open string (issue 14): the known codes are listed as examples, so a new code breaks no client.
    expect(doc.components.schemas.Problem.properties.code.enum).toBeUndefined();
    expect(doc.components.schemas.Problem.properties.code.examples).toEqual(expect.arrayContaining(['invalid_request', 'quota_exhausted']));
  });

  it('documents response headers, body errors, closed request bodies, integer defaults and tags', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const create = doc.paths['/v1/pages'].post;
    expect(Object.keys(create.responses['201'].headers).sort()).toEqual(
      ['Idempotent-Replayed', 'Location', 'RateLimit', 'RateLimit-Policy', 'X-Api-Key-Mode', 'X-Api-Key-Scopes', 'X-Request-Id'].sort(),
    );
    // A refused key is told nothing about itself.
    expect(Object.keys(create.responses['401'].headers)).not.toContain('X-Api-Key-Scopes');
    expect(Object.keys(create.responses['429'].headers)).toEqual(expect.arrayContaining(['Retry-After', 'X-Request-Id', 'RateLimit']));
    expect(Object.keys(create.responses['503'].headers)).toEqual(expect.arrayContaining(['Retry-After', 'X-Request-Id']));
    expect(create.responses['413'].description).toContain('payload_too_large');
    expect(create.responses['415'].description).toContain('unsupported_media_type');
    // Every error code an operation can return has an example, with its real status.
    const examples = create.responses['429'].content['application/problem+json'].examples;
    expect(Object.keys(examples).sort()).toEqual(['quota_exhausted', 'rate_limited']);
    const example = (ref: { $ref: string }) => doc.components.examples[ref.$ref.replace('#/components/examples/', '')].value;
    expect(example(examples.rate_limited)).toMatchObject({
      code: 'rate_limited',
      status: 429,
      type: 'http://127.0.0.1:3000/docs/errors/rate-limited',
    });
    expect(doc.paths['/v1/contacts'].get.responses['413']).toBeUndefined(); // no body, no 413
    expect(doc.paths['/v1/contacts'].get.responses['200'].headers['Idempotent-Replayed']).toBeUndefined();
    for (const name of ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'Idempotent-Replayed'])
      expect(doc.components.headers[name].schema).toBeDefined();
    for (const body of ['CreatePageBody', 'UpdatePageBody', 'BlockUpdate', 'AddLinkBlockBody', 'CreateEndpointBody', 'ReplayBody'])
      expect([body, doc.components.schemas[body].additionalProperties]).toEqual([body, false]);
    const range = doc.paths['/v1/analytics/summary'].get.parameters.find((p: { name: string }) => p.name === 'range_days');
    expect(range.schema).toEqual({ type: 'integer', enum: [7, 30, 90], default: 30 });
    expect(doc.components.securitySchemes.bearer.bearerFormat).not.toBe('JWT');
    expect(doc.tags.map((tag: { name: string }) => tag.name).sort()).toEqual([
      'Analytics',
      'Contacts',
      'Domains',
      'Files',
      'Meta',
      'Pages',
      'Webhooks',
    ]);
    expect(doc.tags.every((tag: { description: string }) => tag.description.length > 10)).toBe(true);
  });

  it('types block bodies by kind, shows an example for every operation, and every example is valid', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const contract = new ContractChecker(doc);
    const addBlock = contract.validator({ $ref: '#/components/schemas/AddBlockBody' });
    const stamp = '2026-11-24T04:24:59.411Z';
    expect(addBlock({ expected_updated_at: stamp, kind: 'LINK', data: { url: 'https://example.com', title: 'Site' } })).toBe(true);
    expect(addBlock({ expected_updated_at: stamp, kind: 'LINK', data: { text: 'About me' } })).toBe(false); // TEXT data
    expect(addBlock({ expected_updated_at: stamp, kind: 'TEXT', data: { text: 'About me' }, file_url: '/files/x/y.png' })).toBe(false);
    expect(addBlock({ expected_updated_at: stamp, kind: 'IMAGE', data: {} })).toBe(false); // file_url is required
    expect(addBlock({ expected_updated_at: stamp, kind: 'NEWSLETTER' })).toBe(true);
    const patch = contract.validator({ $ref: '#/components/schemas/BlockUpdate' });
    expect(patch({ block_id: 'blk_1', data: { description: null, title: 'New' } })).toBe(true);
    expect(patch({ block_id: 'blk_1', data: { no_such_field: 1 } })).toBe(false);

    // Every operation shows a request example (its body's, or its parameters') and an example of each response.
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>))
      // eslint-disable-line @typescript-eslint/no-explicit-any
      for (const [method, op] of Object.entries(item)) {
        if (path === '/v1/openapi.json' || path.startsWith('/v1/_probe')) continue;
        const where = `${method} ${path}`;
        const body = op.requestBody?.content['application/json'];
        if (body) expect([where, Object.keys(body.examples ?? {}).length > 0]).toEqual([where, true]);
        for (const parameter of op.parameters ?? [])
          expect([where, parameter.name, parameter.example !== undefined]).toEqual([where, parameter.name, true]);
        for (const [status, response] of Object.entries(
          op.responses as Record<string, { content?: Record<string, { examples?: object }> }>,
        ))
          for (const media of Object.values(response.content ?? {}))
            expect([where, status, Object.keys(media.examples ?? {}).length > 0]).toEqual([where, status, true]);
      }
    // … and each example is valid against the schema it illustrates.
    for (const [name, example] of Object.entries(doc.components.examples as Record<string, { value: unknown }>)) {
      const schema = name.startsWith('problem.') ? 'Problem' : name.split('.')[0];
      const validate = contract.validator({ $ref: `#/components/schemas/${schema}` });
      expect([name, validate(example.value), validate.errors ?? null]).toEqual([name, true, null]);
    }
  });

  it('is enforced on every response by the contract check, which catches a deliberately wrong schema', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const { auth: key } = await aTenant(t.commands);
    const created = await t.inject({ method: 'POST', url: '/v1/pages', headers: key, payload: { title: 'Contract' } });
    const listed = await t.inject({ method: 'GET', url: '/v1/pages?limit=1', headers: key });
    const sent = (res: typeof listed, method: string, route: string) => ({
      method,
      route,
      url: route,
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
    });
    expect(new ContractChecker(doc).check(sent(listed, 'GET', '/v1/pages'))).toEqual([]);
    // Formats are checked: a timestamp that is not RFC 3339 breaks the contract.
    const sloppy = { ...sent(listed, 'GET', '/v1/pages'), body: listed.body.replace(/"updated_at":"[^"]+"/, '"updated_at":"24/11/2026"') };
    expect(new ContractChecker(doc).check(sloppy)).toEqual([expect.stringContaining('updated_at must match format "date-time"')]);
    const wrong = structuredClone(doc);
    wrong.components.schemas.PageSummaryResponse.properties.block_count = { type: 'string' };
    expect(new ContractChecker(wrong).check(sent(listed, 'GET', '/v1/pages'))).toEqual([
      expect.stringContaining('data/data/0/block_count must be string'),
    ]);
    delete wrong.paths['/v1/pages'].post.responses['201'];
    expect(new ContractChecker(wrong).check(sent(created, 'POST', '/v1/pages'))).toEqual([
      'POST /v1/pages → 201: status 201 is not documented for createPage',
    ]);
    delete wrong.components.headers['X-Request-Id'].required;
    wrong.components.headers.RateLimit.required = true;
    const missing = { ...sent(listed, 'GET', '/v1/pages'), headers: { ...listed.headers, ratelimit: undefined } };
    expect(new ContractChecker(wrong).check(missing)).toEqual([
      expect.stringContaining('documented header RateLimit is missing'),
      expect.stringContaining('block_count must be string'),
    ]);
  });

  it('lists exactly the /v1 routes the app serves', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    const served = t.routes.routes
      .filter((r) => r.url.startsWith('/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(documented).toEqual(served);
    expect(served).toEqual(expect.arrayContaining(['GET /v1/contacts', 'GET /v1/files', 'GET /v1/openapi.json']));
  });

  it('describes every page operation, each block kind’s data schema, and the error codes each can return', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const ops = [
      'get /v1/pages',
      'post /v1/pages',
      'get /v1/pages/{page_id}',
      'patch /v1/pages/{page_id}',
      'post /v1/pages/{page_id}/blocks',
      'delete /v1/pages/{page_id}/blocks/{block_id}',
      'post /v1/pages/{page_id}/publish',
      'post /v1/pages/{page_id}/archive',
    ];
    for (const op of ops) {
      const [method, path] = op.split(' ') as [string, string];
      expect([op, doc.paths[path]?.[method]?.operationId]).toEqual([op, expect.any(String)]);
    }
    for (const kind of ['Link', 'Header', 'Text', 'Image', 'File', 'Carousel', 'Product', 'Video', 'Social', 'Newsletter', 'Tip']) {
      expect(doc.components.schemas[`${kind}BlockData`]).toMatchObject({ type: 'object', additionalProperties: false });
    }
    expect(doc.components.schemas.LinkBlockData.required).toEqual(['url', 'title']);
    const removeBlock = doc.paths['/v1/pages/{page_id}/blocks/{block_id}'].delete.responses;
    expect(removeBlock['409'].description).toMatch(/stale_snapshot.*last_block_required|last_block_required.*stale_snapshot/);
    expect(removeBlock['404'].description).toMatch(/resource_not_found/);
    const create = doc.paths['/v1/pages'].post;
    expect(create.responses['201']).toBeDefined();
    expect(create.responses['422'].description).toMatch(/idempotency_key_reused/);
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(doc.paths['/v1/pages/{page_id}'].patch['x-quota-cost']).toBe(1);
    expect(doc.paths['/v1/pages/{page_id}/publish'].post['x-scope']).toBe('publish');
  });

  it('documents each operation’s query parameters as the validator enforces them', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const path of ['/v1/contacts', '/v1/files']) {
      const op = doc.paths[path].get;
      const limit = op.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } });
      expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['after', 'limit']);
      expect(op['x-quota-cost']).toBe(1);
    }
  });

  it('marks required query parameters and optional bodies, declares Location on 201s, and bounds block arrays', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const stamp = doc.paths['/v1/pages/{page_id}/blocks/{block_id}'].delete.parameters.find(
      (p: { name: string }) => p.name === 'expected_updated_at',
    );
    expect(stamp).toMatchObject({ in: 'query', required: true });
    expect(doc.paths['/v1/pages/{page_id}/publish'].post.requestBody.required).toBe(false);
    expect(doc.paths['/v1/pages/{page_id}/archive'].post.requestBody.required).toBe(false);
    expect(doc.paths['/v1/pages'].post.requestBody.required).toBe(true);
    for (const path of ['/v1/pages', '/v1/webhook-endpoints']) expect(doc.paths[path].post.responses['201'].headers.Location).toBeDefined();
    const update = doc.components.schemas.UpdatePageBody.properties;
    expect([update.block_updates.maxItems, update.block_order.maxItems]).toEqual([100, 100]);
    // One add-block body per kind, told apart by `kind` (issue 14): a LINK with TEXT data is not valid.
    expect(doc.components.schemas.AddBlockBody.oneOf).toHaveLength(BLOCK_KINDS.length);
    expect(BLOCK_KINDS).toContain('EMBED');
    expect(doc.components.schemas.AddBlockBody.discriminator.propertyName).toBe('kind');
    const deliveries = doc.paths['/v1/webhook-endpoints/{endpoint_id}/deliveries'].get.parameters
      .map((p: { name: string }) => p.name)
      .sort();
    expect(deliveries).toEqual(['after', 'endpoint_id', 'limit', 'status']);
    expect(doc.paths['/v1/analytics/summary'].get.parameters[0]).toMatchObject({
      name: 'range_days',
      required: false,
      schema: { enum: [7, 30, 90] },
    });
  });
});
