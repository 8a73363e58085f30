import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  BioPage,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
} from '../../../clients/typescript/src/index.js';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The service listening on loopback, for a real HTTP client. */
async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
}

/**
 * A TCP proxy in front of the service. While `dropResponses` > 0, it forwards a request but cuts the client's
 * connection when the answer comes back: the server acted, the client never heard (the case that makes
 * retries dangerous without an Idempotency-Key).
 */
class FlakyProxy {
  dropResponses = 0;
  connections = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  constructor(private readonly upstreamPort: number) {
    this.server = createServer((client) => {
      this.connections += 1;
      const upstream = connect(this.upstreamPort, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream);
      // Checked when an answer starts to arrive, on whichever (kept-alive) connection carries it.
      upstream.on('data', (chunk: Buffer) => {
        if (this.dropResponses > 0) {
          this.dropResponses -= 1;
          client.destroy();
          upstream.destroy();
        } else client.write(chunk);
      });
      upstream.on('end', () => client.end());
    });
  }
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('the TypeScript SDK, against the real service', () => {
  const rx = new HttpsReceiver();
  let t: TestApp;
  let baseUrl: string;
  let bp: BioPage;
  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({ runWorkers: true, env: { WEBHOOK_ALLOWED_TARGETS: rx.target, RATE_LIMIT_BURST_REQUESTS: '10000' } });
    baseUrl = await listening(t);
    bp = new BioPage({ apiKey: (await aTenant(t.commands)).key, baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('creates, edits and reads a page with typed calls, and throws typed errors', async () => {
    const page = await bp.post('/v1/pages', { body: { title: 'SDK page', description: 'made by the SDK' } });
    expect(page).toMatchObject({ title: 'SDK page', status: 'DRAFT', draft: { block_count: 0 } });
    const withBlock = await bp.post('/v1/pages/{page_id}/blocks', {
      params: { path: { page_id: page.id } },
      body: { expected_updated_at: page.draft.updated_at, kind: 'LINK', data: { url: 'https://example.com/talk', title: 'Talk' } },
    });
    expect(withBlock.draft.blocks.map((b) => b.kind)).toEqual(['LINK']);
    expect((await bp.get('/v1/pages/{page_id}', { params: { path: { page_id: page.id } } })).draft.block_count).toBe(1);

    // A stale stamp: a ConflictError carrying the code and the request id the API logged.
    const stale = await bp
      .patch('/v1/pages/{page_id}', {
        params: { path: { page_id: page.id } },
        body: { expected_updated_at: page.draft.updated_at, title: 'x' },
      })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ status: 409, code: 'stale_snapshot' });
    const requestId = (stale as ConflictError).requestId!;
    expect(requestId).toBe((stale as ConflictError).headers.get('x-request-id'));
    expect(t.logs.some((line) => line.includes(requestId))).toBe(true);

    const missing = await bp.get('/v1/pages/{page_id}', { params: { path: { page_id: 'pg_missing' } } }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'resource_not_found' });
    const invalid = await bp.post('/v1/pages', { body: { title: '' } }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect((invalid as InvalidRequestError).problem?.errors?.[0]?.pointer).toBe('/title');
    await bp
      .delete('/v1/pages/{page_id}/blocks/{block_id}', {
        params: {
          path: { page_id: page.id, block_id: withBlock.draft.blocks[0].id },
          query: { expected_updated_at: withBlock.draft.updated_at },
        },
      })
      .catch((e: unknown) => expect(e).toMatchObject({ code: 'last_block_required' }));
  });

  it('sends an Idempotency-Key on every POST, so a repeated call replays instead of creating twice', async () => {
    const key = 'sdk-test-key-1';
    const first = await bp.raw.POST('/v1/pages', { body: { title: 'Once' }, headers: { 'Idempotency-Key': key } });
    const again = await bp.raw.POST('/v1/pages', { body: { title: 'Once' }, headers: { 'Idempotency-Key': key } });
    expect(again.data?.id).toBe(first.data?.id);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    // Without a key of the caller's, the SDK makes one per call (two calls, two pages).
    const seen: (string | null)[] = [];
    const spy = new BioPage({
      apiKey: (await aTenant(t.commands)).key,
      baseUrl,
      fetch: (request) => {
        seen.push(request.headers.get('idempotency-key'));
        return fetch(request);
      },
    });
    const [a, b] = [await spy.post('/v1/pages', { body: { title: 'Twice' } }), await spy.post('/v1/pages', { body: { title: 'Twice' } })];
    expect(a.id).not.toBe(b.id);
    await spy.get('/v1/pages');
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).not.toBe(seen[0]);
    expect(seen[2]).toBeNull(); // a GET carries none
  });

  it('retries a POST whose answer was lost with the same key: the page exists once', async () => {
    const proxy = new FlakyProxy(Number(new URL(baseUrl).port));
    const tenant = await aTenant(t.commands);
    const client = new BioPage({ apiKey: tenant.key, baseUrl: await proxy.start() });
    try {
      proxy.dropResponses = 1;
      const page = await client.post('/v1/pages', { body: { title: 'Lost answer' } });
      expect(proxy.connections).toBe(2); // the first answer was cut, the retry got the stored result
      const titles = [];
      for await (const p of client.paginate('/v1/pages')) titles.push(p.title);
      expect(titles).toEqual(['Lost answer']);
      expect(page.title).toBe('Lost answer');

      // A PATCH is not retried (no key makes it safe): the caller gets a ConnectionError.
      proxy.dropResponses = 1;
      const lost = await client
        .patch('/v1/pages/{page_id}', {
          params: { path: { page_id: page.id } },
          body: { expected_updated_at: page.draft.updated_at, title: 'B' },
        })
        .catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(ConnectionError);
      expect((lost as ConnectionError).idempotencyKey).toBeNull();
    } finally {
      await proxy.close();
    }
  });

  it('uploads a file as multipart/form-data, retried with its key when the answer is lost', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const proxy = new FlakyProxy(Number(new URL(baseUrl).port));
    const tenant = await aTenant(t.commands);
    const client = new BioPage({ apiKey: tenant.key, baseUrl: await proxy.start() });
    try {
      proxy.dropResponses = 1;
      const file = await client.upload(gif, { name: 'dot.gif', type: 'image/gif' });
      expect(proxy.connections).toBe(2);
      expect(file).toMatchObject({ name: 'dot.gif', mime_type: 'image/gif', size_bytes: gif.length });
      const blob = await client.upload(new Blob([gif], { type: 'image/gif' }), { name: 'blob.gif', idempotencyKey: 'sdk-upload-1' });
      expect(blob.public_path).toMatch(/\/blob\.gif$/);
      const files = [];
      for await (const f of client.paginate('/v1/files')) files.push(f.name);
      expect(files.sort()).toEqual(['blob.gif', 'dot.gif']);
      const mislabelled = await client.upload(gif, { name: 'dot.pdf', type: 'application/pdf' }).catch((e: unknown) => e);
      expect(mislabelled).toBeInstanceOf(InvalidRequestError);
      expect((mislabelled as InvalidRequestError).problem?.errors?.[0]?.pointer).toBe('/file');
    } finally {
      await proxy.close();
    }
  });

  it('iterates a cursor list to its end', async () => {
    const client = new BioPage({ apiKey: (await aTenant(t.commands)).key, baseUrl });
    for (const n of [1, 2, 3, 4, 5]) await client.post('/v1/pages', { body: { title: `Page ${n}` } });
    const titles: string[] = [];
    for await (const page of client.paginate('/v1/pages', { params: { query: { limit: 2 } } })) titles.push(page.title);
    expect(titles).toEqual(['Page 5', 'Page 4', 'Page 3', 'Page 2', 'Page 1']);
  });

  it('works through the resource methods: create, add a block, list with for await, publish, and endpoints', async () => {
    const client = new BioPage({ apiKey: (await aTenant(t.commands)).key, baseUrl });
    const page = await client.pages.create({ title: 'Resource page' });
    expect(page).toMatchObject({ title: 'Resource page', status: 'DRAFT' });
    // The result carries the key the SDK generated and the request id the API logged.
    expect(page.lastResponse).toMatchObject({ status: 201, attempts: 1 });
    expect(page.lastResponse.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs.some((line) => line.includes(page.lastResponse.requestId!))).toBe(true);

    const withBlock = await client.pages.addBlock(page.id, {
      expected_updated_at: page.draft.updated_at,
      kind: 'LINK',
      data: { url: 'https://example.com/talk', title: 'Talk' },
    });
    expect(withBlock.draft.blocks.map((b) => b.kind)).toEqual(['LINK']);
    expect((await client.pages.get(page.id)).draft.block_count).toBe(1);
    const published = await client.pages.publish(page.id);
    expect(published.page.status).toBe('PUBLISHED');
    // A schedule, seen on the page and called off (operation 25); calling it off again is a 404.
    const scheduled = await client.pages.publish(page.id, {
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
      expected_updated_at: published.page.draft.updated_at,
    });
    expect((await client.pages.get(page.id)).scheduled_for).toBe(scheduled.scheduled_for);
    const unscheduled = await client.pages.cancelSchedule(page.id);
    expect(unscheduled).toMatchObject({ page: { id: page.id, status: 'PUBLISHED', scheduled_for: null }, scheduled_for: null });
    expect(await client.pages.cancelSchedule(page.id).catch((e: unknown) => e)).toBeInstanceOf(NotFoundError);
    for (const n of [2, 3, 4]) await client.pages.create({ title: `Resource page ${n}` });
    const firstPage = await client.pages.list({ limit: 2 });
    expect(firstPage).toMatchObject({ has_more: true });
    expect(firstPage.data).toHaveLength(2);
    const titles: string[] = [];
    for await (const p of client.pages.list({ limit: 2 })) titles.push(p.title);
    expect(titles.sort()).toEqual(['Resource page', 'Resource page 2', 'Resource page 3', 'Resource page 4']);

    // The same call with the same key is replayed, not done twice.
    const once = await client.pages.create({ title: 'Once only' }, { idempotencyKey: 'resource-once' });
    const again = await client.pages.create({ title: 'Once only' }, { idempotencyKey: 'resource-once' });
    expect(again.id).toBe(once.id);
    expect(again.lastResponse.headers.get('idempotent-replayed')).toBe('true');

    // Preview links: made, then all taken back (operation 24, 204); a replay with the same key revokes nothing more.
    const preview = await client.pages.createPreviewLink(page.id, { expires_in: 3600 });
    const previewPath = new URL(preview.url).pathname;
    expect((await t.inject({ method: 'GET', url: previewPath })).statusCode).toBe(200);
    const revoked = await client.pages.revokePreviewLinks(page.id, { idempotencyKey: 'sdk-revoke-once' });
    expect(revoked.lastResponse).toMatchObject({ status: 204, idempotencyKey: 'sdk-revoke-once' });
    expect((await t.inject({ method: 'GET', url: previewPath })).statusCode).toBe(404);
    const later = new URL((await client.pages.createPreviewLink(page.id)).url).pathname;
    const replayed = await client.pages.revokePreviewLinks(page.id, { idempotencyKey: 'sdk-revoke-once' });
    expect(replayed.lastResponse.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.inject({ method: 'GET', url: later })).statusCode).toBe(200);
    const unknown = await client.pages.revokePreviewLinks('pg_does_not_exist').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);

    const endpoint = await client.webhookEndpoints.create({ url: rx.url('/resources'), event_types: ['page.published'] });
    const rotated = await client.webhookEndpoints.rotateSecret(endpoint.endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const deleted = await client.webhookEndpoints.delete(endpoint.endpoint.id);
    expect(deleted.lastResponse.status).toBe(204);
    const missing = await client.webhookEndpoints.get(endpoint.endpoint.id).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: 'resource_not_found', idempotencyKey: null });
    expect((missing as NotFoundError).requestId).toMatch(/\S/);
  });

  it('keeps the once-only signing secret when its time-out is shorter than the work: the same key is waited out', async () => {
    const tenant = await aTenant(t.commands);
    const impatient = new BioPage({ apiKey: tenant.key, baseUrl, timeoutMs: 1_000 });
    const normal = rx.behaviour;
    // The endpoint's signed test call, made while the API creates it, is answered after 2.5 s.
    rx.behaviour = (req, res, body, received) =>
      req.url === '/slow' ? void setTimeout(() => res.writeHead(204).end(), 2_500) : normal(req, res, body, received);
    try {
      const before = rx.at('/slow').length;
      const created = await impatient.webhookEndpoints.create({ url: rx.url('/slow'), event_types: ['contact.created'] });
      // First attempt timed out; the retries with the same key got 409 in-progress until the stored answer was ready.
      expect(created.lastResponse.attempts).toBeGreaterThanOrEqual(3);
      expect(created.secret).toMatch(/^whsec_/);
      const tests = rx.at('/slow').slice(before);
      expect(tests).toHaveLength(1); // created once
      expect(verifyWebhook(created.secret, tests[0].body, tests[0].headers).type).toBe('endpoint.test');
      const listed = await new BioPage({ apiKey: tenant.key, baseUrl }).webhookEndpoints.list();
      expect(listed.data.map((e) => e.id)).toEqual([created.endpoint.id]);
    } finally {
      rx.behaviour = normal;
    }
  });

  it('verifies a real delivery and types its event; a tampered body is refused', async () => {
    const before = rx.received.length;
    const created = await bp.post('/v1/webhook-endpoints', { body: { url: rx.url('/sdk'), event_types: ['contact.created'] } });
    expect(created.secret).toMatch(/^whsec_/);
    const delivery = rx.received.slice(before).find((r) => r.path === '/sdk')!; // endpoint.test, sent on creation
    const event: WebhookEvent = verifyWebhook(created.secret, delivery.body, delivery.headers);
    expect(event.type).toBe('endpoint.test');
    if (event.type === 'endpoint.test') expect(typeof event.data.message).toBe('string');
    expect(() => verifyWebhook(created.secret, delivery.body.replace('}', ' }'), delivery.headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(created.secret, delivery.body, { ...delivery.headers, 'webhook-signature': undefined })).toThrow(
      WebhookVerificationError,
    );
  });

  it('reads the events through bp.events: every page with for await, by type, one by id', async () => {
    const tenant = await aTenant(t.commands);
    const client = new BioPage({ apiKey: tenant.key, baseUrl });
    for (let i = 0; i < 3; i++) {
      await t.commands.execute(
        new CaptureContactCommand(
          tenant.workspace.id,
          `sdk-events-${i}-${Date.now()}@example.com`,
          undefined,
          'FORM',
          undefined,
          undefined,
        ),
      );
    }
    const until = Date.now() + 15_000;
    while ((await client.events.list()).data.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const first = await client.events.list({ limit: 2 });
    expect(first).toMatchObject({ has_more: true });
    const ids: string[] = [];
    for await (const event of client.events.list({ limit: 2, type: ['contact.created', 'sale.paid'] })) ids.push(event.id);
    expect(ids).toHaveLength(3);
    expect(ids.slice(0, 2)).toEqual(first.data.map((e) => e.id));
    const one = await client.events.get(ids[2]!);
    expect(one).toMatchObject({ id: ids[2], type: 'contact.created', data: { contact: { source: 'FORM' } } });
    expect((await client.events.list({ type: ['sale.paid'] })).data).toEqual([]);
    expect(await client.events.get('whmsg_absent').catch((e: unknown) => e)).toBeInstanceOf(NotFoundError);
  });
});

describe('the TypeScript SDK under the rate limit', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('waits out a 429 within its wait budget, and throws a RateLimitError with Retry-After beyond it', async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BURST_REQUESTS: '2', RATE_LIMIT_BURST_WINDOW_SECONDS: '2' } });
    const key = (await aTenant(t.commands)).key;
    const baseUrl = await listening(t);
    const hasty = new BioPage({ apiKey: key, baseUrl, maxRetryWaitMs: 100 });
    await hasty.pages.list();
    await hasty.pages.list();
    const limited = await hasty.pages.list().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited', attempts: 1 });
    expect((limited as RateLimitError).retryAfter).toBeGreaterThan(0);
    expect((limited as RateLimitError).retryAfter).toBeLessThanOrEqual(2);
    expect((limited as RateLimitError).requestId).toMatch(/\S/);

    // With the default budget (60 s) the same call waits for the window and succeeds.
    const patient = new BioPage({ apiKey: key, baseUrl });
    const pages = await patient.pages.list();
    expect(pages.lastResponse.attempts).toBe(2);
    expect(pages.data).toEqual([]);
  });
});
