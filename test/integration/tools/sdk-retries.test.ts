import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  BioPage,
  ConflictError,
  InvalidRequestError,
  RateLimitError,
  ServiceUnavailableError,
} from '../../../clients/typescript/src/index.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

const page = { id: 'pg_1', title: 'Stub page' };
/** A problem body; the stub fills its request_id with the answer's X-Request-Id, as the service does. */
const problem = (status: number, code: string) => ({ type: `https://x/errors/${code}`, title: code, status, code });

/**
 * A stand-in for the API on loopback (node:http): it answers each request with the next scripted answer (the last
 * one repeats), every answer with its own X-Request-Id, and records what it was sent. It tests the SDK's retry loop
 * on exact answers the real service gives only under load or faults.
 */
class StubApi {
  readonly seen: Seen[] = [];
  script: Answer[] = [];
  private server!: Server;
  private served = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        this.answer(res, this.script[Math.min(this.served, this.script.length - 1)]);
        this.served += 1;
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(script: Answer[]): void {
    this.seen.length = 0;
    this.served = 0;
    this.script = script;
  }

  requestIdOf(n: number): string {
    return `req_stub_${n}`;
  }

  private answer(res: ServerResponse, answer: Answer): void {
    const requestId = this.requestIdOf(this.served);
    const failed = answer.status >= 400;
    const body =
      answer.body === undefined ? '' : JSON.stringify(failed ? { ...(answer.body as object), request_id: requestId } : answer.body);
    const type = failed ? 'application/problem+json' : 'application/json';
    res.writeHead(answer.status, { 'content-type': type, 'x-request-id': requestId, ...answer.headers });
    res.end(answer.status === 204 ? undefined : body);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('the TypeScript SDK retries (against a stub server)', () => {
  const stub = new StubApi();
  let baseUrl: string;
  let bp: BioPage;
  beforeAll(async () => {
    baseUrl = await stub.start();
  });
  beforeEach(() => {
    bp = new BioPage({ apiKey: 'bp_test_stub', baseUrl });
  });
  afterAll(() => stub.close());

  const keys = () => stub.seen.map((s) => s.headers['idempotency-key']);

  it('retries a POST answered 503 (Retry-After: 0) twice with one Idempotency-Key, then succeeds', async () => {
    const unavailable = { status: 503, headers: { 'retry-after': '0' }, body: problem(503, 'service_unavailable') };
    stub.reset([unavailable, unavailable, { status: 201, body: page }]);
    const created = await bp.pages.create({ title: 'Stub page' });
    expect(created).toEqual(page);
    expect(stub.seen).toHaveLength(3);
    const [key] = keys();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()).toEqual([key, key, key]);
    expect(stub.seen.map((s) => s.body)).toEqual(Array(3).fill(JSON.stringify({ title: 'Stub page' })));
    // The result says which key and which answer: the successful (third) one.
    expect(created.lastResponse).toMatchObject({ status: 201, idempotencyKey: key, requestId: stub.requestIdOf(2), attempts: 3 });
    expect(JSON.stringify(created)).toBe(JSON.stringify(page)); // lastResponse is not serialized
  });

  it('gives up after maxRetries with the last error, carrying the key, the request id and the attempts', async () => {
    stub.reset([{ status: 503, headers: { 'retry-after': '0' }, body: problem(503, 'service_unavailable') }]);
    const error = await bp.pages.create({ title: 'x' }, { idempotencyKey: 'key-503' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, idempotencyKey: 'key-503', requestId: stub.requestIdOf(2), attempts: 3, retryAfter: 0 });
    expect(keys()).toEqual(['key-503', 'key-503', 'key-503']);

    stub.reset([{ status: 503, headers: { 'retry-after': '0' }, body: problem(503, 'service_unavailable') }]);
    await expect(bp.pages.create({ title: 'x' }, { maxRetries: 0 })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(stub.seen).toHaveLength(1);
  });

  it('waits out a 409 idempotency_request_in_progress with the same key, and does not retry other conflicts', async () => {
    const inProgress = { status: 409, headers: { 'retry-after': '0' }, body: problem(409, 'idempotency_request_in_progress') };
    stub.reset([inProgress, inProgress, inProgress, { status: 201, body: page }]);
    const created = await bp.pages.create({ title: 'Stub page' }, { idempotencyKey: 'key-in-progress', maxRetries: 0 });
    expect(created.id).toBe('pg_1');
    // Waiting for the key's own request is not a retry: it happens with maxRetries 0, bounded by maxRetryWaitMs only.
    expect(keys()).toEqual(Array(4).fill('key-in-progress'));
    expect(created.lastResponse).toMatchObject({ idempotencyKey: 'key-in-progress', attempts: 4 });

    stub.reset([
      { status: 409, body: problem(409, 'stale_snapshot') },
      { status: 200, body: page },
    ]);
    const stale = await bp.pages
      .update('pg_1', { expected_updated_at: '2026-01-01T00:00:00Z', title: 'x' }, { idempotencyKey: 'key-stale' })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ code: 'stale_snapshot', idempotencyKey: 'key-stale', requestId: stub.requestIdOf(0), attempts: 1 });
    expect(stub.seen).toHaveLength(1);
  });

  it('honours Retry-After on a 429 within the bounded total wait, and throws the RateLimitError beyond it', async () => {
    const limited = (seconds: number) => ({ status: 429, headers: { 'retry-after': String(seconds) }, body: problem(429, 'rate_limited') });
    const list = { status: 200, body: { data: [page], has_more: false, next_cursor: null } };
    const patient = new BioPage({ apiKey: 'bp_test_stub', baseUrl, maxRetryWaitMs: 1_500 });

    // 1 s asked, 1.5 s allowed: waited, then the list.
    stub.reset([limited(1), list]);
    const first = await patient.pages.list();
    expect(first.data).toEqual([page]);
    expect(stub.seen).toHaveLength(2);

    // 1 s, then 1 s more: the second wait would pass 1.5 s in all, so the second 429 is thrown.
    stub.reset([limited(1), limited(1), list]);
    const error = await patient.pages.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 1, requestId: stub.requestIdOf(1), attempts: 2 });
    expect(stub.seen).toHaveLength(2);

    // A wait longer than the whole budget (a monthly quota, an hour's window) is not waited at all.
    stub.reset([limited(3600), list]);
    const quota = await bp.pages.list().catch((e: unknown) => e);
    expect(quota).toMatchObject({ retryAfter: 3600, attempts: 1, idempotencyKey: null });
    expect(stub.seen).toHaveLength(1);
  });

  it('retries a 500 only when sending again is safe: a GET or a POST with its key, never a PATCH without one', async () => {
    const failure = { status: 500, body: problem(500, 'internal_error') };
    stub.reset([failure, { status: 200, body: page }]);
    expect((await bp.pages.get('pg_1')).lastResponse.attempts).toBe(2);

    stub.reset([failure, { status: 200, body: page }]);
    const error = await bp.pages.update('pg_1', { expected_updated_at: '2026-01-01T00:00:00Z', title: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, idempotencyKey: null, requestId: stub.requestIdOf(0), attempts: 1 });
    expect(stub.seen).toHaveLength(1);
  });

  it('exposes the key and the request id on path-style calls too, and sends the per-call options', async () => {
    stub.reset([{ status: 400, body: problem(400, 'invalid_request') }]);
    const invalid = await bp.post('/v1/pages', { body: { title: '' }, idempotencyKey: 'key-path' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ idempotencyKey: 'key-path', requestId: stub.requestIdOf(0) });
    expect(keys()).toEqual(['key-path']);

    stub.reset([{ status: 200, body: page }]);
    const got = await bp.get('/v1/pages/{page_id}', { params: { path: { page_id: 'pg_1' } } });
    expect(got.lastResponse).toMatchObject({ status: 200, requestId: stub.requestIdOf(0), idempotencyKey: null });

    stub.reset([{ status: 204 }]);
    const deleted = await bp.webhookEndpoints.delete('we_1', { headers: { 'x-trace': 't1' } });
    expect(deleted.lastResponse).toMatchObject({ status: 204, requestId: stub.requestIdOf(0) });
    expect(stub.seen[0]).toMatchObject({ method: 'DELETE', url: '/v1/webhook-endpoints/we_1' });
    expect(stub.seen[0].headers['x-trace']).toBe('t1');
  });

  it("stops at once when the caller's signal aborts, during a wait", async () => {
    stub.reset([{ status: 503, headers: { 'retry-after': '30' }, body: problem(503, 'service_unavailable') }]);
    const controller = new AbortController();
    const call = bp.pages.create({ title: 'x' }, { signal: controller.signal });
    while (stub.seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('the caller gave up'));
    await expect(call).rejects.toThrow('the caller gave up');
    expect(stub.seen).toHaveLength(1);
  });

  it('pages through a list with for await, keeping the query and following next_cursor', async () => {
    stub.reset([
      { status: 200, body: { data: [{ id: 'c1' }, { id: 'c2' }], has_more: true, next_cursor: 'cur_2' } },
      { status: 200, body: { data: [{ id: 'c3' }], has_more: false, next_cursor: null } },
    ]);
    const ids: string[] = [];
    for await (const contact of bp.contacts.list({ limit: 2 })) ids.push(contact.id);
    expect(ids).toEqual(['c1', 'c2', 'c3']);
    expect(stub.seen.map((s) => s.url)).toEqual(['/v1/contacts?limit=2', '/v1/contacts?limit=2&after=cur_2']);
  });

  it('refuses options that make no sense', () => {
    expect(() => new BioPage({ apiKey: 'k', maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => new BioPage({ apiKey: 'k', maxRetryWaitMs: Number.NaN })).toThrow(/maxRetryWaitMs/);
  });
});
