import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { RecordSaleCommand, RefundSaleCommand } from '../../../src/commerce/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { SSRF_VECTORS } from '../../fixtures/ssrf-vectors.js';
import { OutboxRelay } from '../../../src/platform/outbox/outbox-relay.js';
import { WorkerHost } from '../../../src/platform/workers/worker-host.js';
import { DeliveryRecorder } from '../../../src/webhooks/application/delivery/delivery-recorder.js';
import { WebhookDispatcher } from '../../../src/webhooks/index.js';
import { drainOutbox } from '../../support/drain-outbox.js';
import { HttpsReceiver, verifyWith, type Received } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { dumpDatabase } from '../../support/dump.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Webhooks end to end: the real app (HTTP, PostgreSQL, outbox relay, dispatcher) delivering to a real
 * HTTPS receiver on loopback (test CA through NODE_EXTRA_CA_CERTS; WEBHOOK_ALLOWED_TARGETS lets it past
 * the private-network rule). Signatures are verified with the standardwebhooks package.
 */
describe('webhooks', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  let tenant: Awaited<ReturnType<typeof aTenant>>;

  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({
      runWorkers: true,
      // The dispatcher's claim path is what this file drives by hand: the fan-out sends no first attempt itself.
      env: {
        WEBHOOK_ALLOWED_TARGETS: rx.target,
        WEBHOOK_RETRY_DELAYS: '0.05',
        RATE_LIMIT_BURST_REQUESTS: '100000',
        WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '0',
      },
    });
    tenant = await aTenant(t.commands);
    // Path-based behaviour: /ok answers 204, /fail 500, /flaky fails twice per webhook-id then 200.
    rx.behaviour = (req, res, _body, received) => {
      const path = req.url ?? '';
      if (path.startsWith('/fail')) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver exploded');
      if (path.startsWith('/flaky')) {
        if ((JSON.parse(_body) as Json).type === 'endpoint.test') return void res.writeHead(200).end();
        const id = req.headers['webhook-id'];
        const seen = received.filter((r) => r.path === path && r.headers['webhook-id'] === id).length; // this one included
        return void res.writeHead(seen <= 2 ? 503 : 200).end('ok');
      }
      if (path.startsWith('/redirect')) return void res.writeHead(302, { location: rx.url('/ok/redirected') }).end();
      if (path.startsWith('/switch')) return void res.writeHead(switchOk ? 200 : 500).end();
      res.writeHead(204).end();
    };
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  let switchOk = true;

  const api = async (method: string, url: string, body?: unknown, auth = tenant.auth) => {
    const res = await t.inject({
      method: method as 'GET',
      url,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : undefined, headers: res.headers };
  };
  const createEndpoint = async (path: string, eventTypes = ['contact.created'], auth = tenant.auth) => {
    switchOk = true;
    const res = await api('POST', '/v1/webhook-endpoints', { url: rx.url(path), event_types: eventTypes }, auth);
    expect(res.status).toBe(201);
    return res.body as { endpoint: Json; secret: string };
  };
  const capture = (email: string, workspaceId = tenant.workspace.id) =>
    t.commands.execute(new CaptureContactCommand(workspaceId, email, undefined, 'FORM', undefined, undefined));
  const deliveries = async (endpointId: string, query = '') =>
    (await api('GET', `/v1/webhook-endpoints/${endpointId}/deliveries${query}`)).body!.data as Json[];
  const waitUntil = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const deliveredTo = (path: string, type?: string): Received[] =>
    rx.at(path).filter((r) => !type || (JSON.parse(r.body) as Json).type === type);

  describe('creating an endpoint', () => {
    it('verifies the URL with a signed endpoint.test, then stores it and shows the secret once', async () => {
      const res = await api('POST', '/v1/webhook-endpoints', { url: rx.url('/ok/create'), event_types: ['sale.paid'] });
      expect(res.status).toBe(201);
      const { endpoint, secret } = res.body as { endpoint: Json; secret: string };
      expect(res.headers.location).toBe(`/v1/webhook-endpoints/${endpoint.id}`);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(endpoint).toEqual({
        id: expect.stringMatching(/^we_/),
        url: rx.url('/ok/create'),
        status: 'ACTIVE',
        disabled_reason: null,
        event_types: ['sale.paid'],
        consecutive_failures: 0,
        last_success_at: null,
        last_failure_at: null,
        previous_secret_expires_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: endpoint.created_at,
      });
      // The test event ignores the event-type filter and is signed with the new secret.
      const [got] = deliveredTo('/ok/create');
      const payload = verifyWith(secret, got!) as Json;
      expect(payload).toEqual({
        id: expect.stringMatching(/^whmsg_/),
        type: 'endpoint.test',
        created_at: expect.any(String),
        data: { message: expect.any(String) },
      });
      expect(got!.headers['content-type']).toBe('application/json');
      expect(got!.headers['user-agent']).toMatch(/BioPage-Webhooks/);
      // The secret is never shown again; the test event touched no counter and no delivery log.
      const read = await api('GET', `/v1/webhook-endpoints/${endpoint.id}`);
      expect(read.body).toEqual(endpoint);
      expect(JSON.stringify(read.body)).not.toContain('whsec_');
      expect(await deliveries(endpoint.id)).toEqual([]);
      const stored = await t.sql<{ secret_encrypted: string }>(`SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1`, [
        endpoint.id,
      ]);
      expect(stored[0]!.secret_encrypted).not.toContain(secret.slice(6, 20));
    });

    it('refuses with 422 endpoint_verification_failed when the test is not answered 2xx, and stores nothing', async () => {
      const before = (await api('GET', '/v1/webhook-endpoints')).body!.data.length;
      const res = await api('POST', '/v1/webhook-endpoints', { url: rx.url('/fail/create'), event_types: ['sale.paid'] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'endpoint_verification_failed', status: 422 });
      expect(res.body!.detail).toMatch(/HTTP 500/);
      expect((await api('GET', '/v1/webhook-endpoints')).body!.data).toHaveLength(before);
    });

    it('names the network error when nothing answers', async () => {
      const closed = new HttpsReceiver();
      await closed.start();
      const port = closed.port;
      await closed.close();
      // localhost:<closed port> is not an allowed target, so it is refused before any connection
      const res = await api('POST', '/v1/webhook-endpoints', { url: `https://localhost:${port}/x`, event_types: ['sale.paid'] });
      expect(res.status).toBe(400);
      expect(res.body!.errors[0].pointer).toBe('/url');
    });

    it('refuses bad URLs and event types with 400 and pointers', async () => {
      const cases: [unknown, string][] = [
        [{ url: 'http://example.com/hook', event_types: ['sale.paid'] }, '/url'],
        [{ url: 'https://example.com:8443/hook', event_types: ['sale.paid'] }, '/url'],
        [{ url: 'https://user:pw@example.com/hook', event_types: ['sale.paid'] }, '/url'],
        [{ url: 'https://127.0.0.1/hook', event_types: ['sale.paid'] }, '/url'],
        [{ url: 'https://169.254.169.254/latest/meta-data', event_types: ['sale.paid'] }, '/url'],
        [{ url: rx.url('/ok'), event_types: [] }, '/event_types'],
        [{ url: rx.url('/ok'), event_types: ['endpoint.test'] }, '/event_types/0'],
        [{ url: rx.url('/ok'), event_types: ['sale.paid', 'nope'] }, '/event_types/1'],
      ];
      const sent = rx.received.length;
      for (const [body, pointer] of cases) {
        const res = await api('POST', '/v1/webhook-endpoints', body);
        expect([res.status, res.body!.code, res.body!.errors?.[0]?.pointer]).toEqual([400, 'invalid_request', pointer]);
      }
      expect(rx.received.length).toBe(sent); // no connection was attempted
    });

    // Vectors that need no DNS table: IP literals in every notation, schemes, ports, credentials. (Those that
    // need a crafted DNS answer, such as one public and one private address, run in the guard's unit spec.)
    const literalVectors = SSRF_VECTORS.filter((v) => !v.dns);
    it(`refuses every private-network vector at the API (${literalVectors.length} vectors): 400 /url, nothing stored, \
no connection`, async () => {
      expect(literalVectors.length).toBeGreaterThanOrEqual(40);
      const owner = await aTenant(t.commands);
      const sent = rx.received.length;
      for (const v of literalVectors) {
        const res = await api('POST', '/v1/webhook-endpoints', { url: v.url, event_types: ['sale.paid'] }, owner.auth);
        expect([v.name, res.status, res.body!.errors?.[0]?.pointer]).toEqual([v.name, 400, '/url']);
        expect([v.name, res.body!.detail]).toEqual([v.name, expect.stringContaining(v.detail)]);
      }
      expect((await api('GET', '/v1/webhook-endpoints', undefined, owner.auth)).body!.data).toEqual([]);
      expect(rx.received.length).toBe(sent);
    });

    it('does not follow a redirect: a 302 fails verification and its target is never called', async () => {
      const res = await api('POST', '/v1/webhook-endpoints', { url: rx.url('/redirect/create'), event_types: ['sale.paid'] });
      expect([res.status, res.body!.code]).toEqual([422, 'endpoint_verification_failed']);
      expect(res.body!.detail).toMatch(/HTTP 302/);
      expect(rx.at('/ok/redirected')).toHaveLength(0);
    });

    it('honours Idempotency-Key: a retried create replays the 201 (same secret) and sends no second test event', async () => {
      const headers = { ...tenant.auth, 'content-type': 'application/json', 'idempotency-key': 'create-once' };
      const payload = JSON.stringify({ url: rx.url('/ok/idem'), event_types: ['sale.paid'] });
      const first = await t.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers, payload });
      const second = await t.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers, payload });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(deliveredTo('/ok/idem')).toHaveLength(1);
    });

    it('allows 10 endpoints per workspace, then 422 endpoint_limit_reached, also under concurrent creates', async () => {
      const other = await aTenant(t.commands);
      const attempts = await Promise.all(
        Array.from({ length: 13 }, (_, i) =>
          api('POST', '/v1/webhook-endpoints', { url: rx.url(`/ok/limit/${i}`), event_types: ['sale.paid'] }, other.auth),
        ),
      );
      expect(attempts.filter((a) => a.status === 201)).toHaveLength(10);
      expect(attempts.filter((a) => a.status === 422).map((a) => a.body!.code)).toEqual(Array(3).fill('endpoint_limit_reached'));
      expect((await api('GET', '/v1/webhook-endpoints', undefined, other.auth)).body!.data).toHaveLength(10);
    });
  });

  describe('delivering events', () => {
    beforeAll(async () => {
      tenant = await aTenant(t.commands); // a fresh workspace: at most 10 endpoints each
    });

    it('fans a contact.created out to each subscribed endpoint, signed, with the envelope of the contract', async () => {
      const a = await createEndpoint('/ok/fan-a', ['contact.created']);
      const b = await createEndpoint('/ok/fan-b', ['contact.created', 'sale.paid']);
      await createEndpoint('/ok/fan-c', ['sale.paid']); // subscribed to another type: receives nothing
      const contact = await capture('fan@example.com');
      await rx.waitFor(
        () => deliveredTo('/ok/fan-a', 'contact.created').length === 1 && deliveredTo('/ok/fan-b', 'contact.created').length === 1,
      );
      const [ga] = deliveredTo('/ok/fan-a', 'contact.created');
      const [gb] = deliveredTo('/ok/fan-b', 'contact.created');
      const envelope = verifyWith(a.secret, ga!) as Json;
      expect(verifyWith(b.secret, gb!)).toEqual(envelope);
      expect(envelope).toEqual({
        id: expect.stringMatching(/^whmsg_/),
        type: 'contact.created',
        created_at: contact.created_at,
        data: { contact },
      });
      expect(ga!.headers['webhook-id']).toBe(envelope.id);
      expect(deliveredTo('/ok/fan-c', 'contact.created')).toHaveLength(0);
      await waitUntil('SUCCEEDED', async () => (await deliveries(a.endpoint.id))[0]?.status === 'SUCCEEDED');
      const [d] = await deliveries(a.endpoint.id);
      expect(d).toEqual({
        id: expect.stringMatching(/^dlv_/),
        event_id: envelope.id,
        event_type: 'contact.created',
        status: 'SUCCEEDED',
        attempt_count: 1,
        next_attempt_at: null,
        last_status_code: 204,
        created_at: expect.any(String),
        attempts: [{ number: 1, status_code: 204, error: null, duration_ms: expect.any(Number), at: expect.any(String) }],
      });
      expect((await api('GET', `/v1/webhook-endpoints/${a.endpoint.id}/deliveries/${d!.id}`)).body).toEqual(d);
      const ep = (await api('GET', `/v1/webhook-endpoints/${a.endpoint.id}`)).body!;
      expect(ep.last_success_at).not.toBeNull();
      expect(ep.consecutive_failures).toBe(0);
    });

    it('delivers page.published, sale.paid and sale.refunded with the contract’s data', async () => {
      const ep = await createEndpoint('/ok/all-types', ['page.published', 'sale.paid', 'sale.refunded']);
      const page = await api('POST', '/v1/pages', { title: 'Announce' });
      await api('POST', `/v1/pages/${page.body!.id}/publish`, {});
      const sale = await t.commands.execute(new RecordSaleCommand(tenant.workspace.id, 'TIP', 500, 450, 'usd', 'fan@example.com'));
      await t.commands.execute(new RefundSaleCommand(sale.id));
      await rx.waitFor(() => deliveredTo('/ok/all-types').filter((r) => JSON.parse(r.body).type !== 'endpoint.test').length === 3);
      const got = deliveredTo('/ok/all-types')
        .map((r) => verifyWith(ep.secret, r) as Json)
        .filter((e) => e.type !== 'endpoint.test')
        .sort((a, b) => a.type.localeCompare(b.type));
      expect(got.map((e) => e.type)).toEqual(['page.published', 'sale.paid', 'sale.refunded']);
      expect(got[0]!.data).toEqual({
        page: { id: page.body!.id, title: 'Announce', slug: page.body!.slug, published_at: expect.any(String) },
      });
      const { refunded_at: _r, ...contractSale } = sale as Json; // the event's sale object is the contract's
      expect(got[1]!.data).toEqual({ sale: contractSale });
      expect(got[2]!.data).toEqual({ sale: contractSale });
    });

    it('retries until a 2xx, with the same webhook-id on every attempt', async () => {
      const ep = await createEndpoint('/flaky/1');
      await capture('flaky@example.com');
      await waitUntil('SUCCEEDED', async () => (await deliveries(ep.endpoint.id))[0]?.status === 'SUCCEEDED');
      const [d] = await deliveries(ep.endpoint.id);
      expect(d!.attempts.map((a: Json) => [a.number, a.status_code])).toEqual([
        [1, 503],
        [2, 503],
        [3, 200],
      ]);
      expect(d!.attempts[0].error).toMatch(/^HTTP 503/);
      const got = deliveredTo('/flaky/1', 'contact.created');
      expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([d!.event_id]));
      for (const r of got) verifyWith(ep.secret, r);
    });

    it('gives up after the 8th failed attempt: FAILED, one consecutive failure on the endpoint', async () => {
      const ep = await createEndpoint('/ok/exhaust-setup');
      const patched = await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, { url: rx.url('/fail/exhaust') });
      expect(patched.status).toBe(422); // a new URL is verified first, and this one answers 500
      await t.sql(`UPDATE webhook_endpoints SET url = $1 WHERE id = $2`, [rx.url('/fail/exhaust'), ep.endpoint.id]);
      await capture('exhaust@example.com');
      await waitUntil('FAILED', async () => (await deliveries(ep.endpoint.id))[0]?.status === 'FAILED');
      const [d] = await deliveries(ep.endpoint.id);
      expect(d!.attempt_count).toBe(8);
      expect(d!.attempts.map((a: Json) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(d!.next_attempt_at).toBeNull();
      expect(d!.last_status_code).toBe(500);
      expect(d!.attempts[7].error).toBe('HTTP 500 Internal Server Error');
      expect(deliveredTo('/fail/exhaust', 'contact.created')).toHaveLength(8);
      const after = (await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}`)).body!;
      expect(after).toMatchObject({ consecutive_failures: 1, status: 'ACTIVE', last_success_at: null });
      expect(after.last_failure_at).not.toBeNull();
      expect((await deliveries(ep.endpoint.id, '?status=FAILED')).map((x) => x.id)).toEqual([d!.id]);
      expect(await deliveries(ep.endpoint.id, '?status=SUCCEEDED')).toEqual([]);
    });

    it('resend re-queues at once with the same webhook-id; numbering continues (202, PENDING)', async () => {
      const ep = await createEndpoint('/ok/resend');
      await capture('resend@example.com');
      await waitUntil('SUCCEEDED', async () => (await deliveries(ep.endpoint.id))[0]?.status === 'SUCCEEDED');
      const [d] = await deliveries(ep.endpoint.id);
      const res = await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries/${d!.id}/resend`);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ id: d!.id, event_id: d!.event_id, status: 'PENDING', attempt_count: 1 });
      await waitUntil('second attempt', async () => (await deliveries(ep.endpoint.id))[0]?.attempt_count === 2);
      const [again] = await deliveries(ep.endpoint.id);
      expect(again).toMatchObject({ status: 'SUCCEEDED', attempts: [{ number: 1 }, { number: 2 }] });
      const got = deliveredTo('/ok/resend', 'contact.created');
      expect(got.map((r) => r.headers['webhook-id'])).toEqual([d!.event_id, d!.event_id]);
      expect((await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries/dlv_nope/resend`)).status).toBe(404);
    });

    it('signs with both secrets for 24 hours after a rotation; either verifies', async () => {
      const ep = await createEndpoint('/ok/rotate');
      const res = await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/rotate-secret`);
      expect(res.status).toBe(200);
      const { secret, previous_secret_expires_at, endpoint } = res.body as Json;
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(ep.secret);
      const overlap = Date.parse(previous_secret_expires_at) - Date.now();
      expect(overlap).toBeGreaterThan(24 * 3600_000 - 60_000);
      expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
      expect(endpoint.previous_secret_expires_at).toBe(previous_secret_expires_at);
      await capture('rotate@example.com');
      await rx.waitFor(() => deliveredTo('/ok/rotate', 'contact.created').length === 1);
      const [got] = deliveredTo('/ok/rotate', 'contact.created');
      expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyWith(secret, got!)).toEqual(verifyWith(ep.secret, got!));
    });
  });

  describe('several dispatchers at once', () => {
    beforeAll(async () => {
      tenant = await aTenant(t.commands);
    });

    it('share the due deliveries with SKIP LOCKED: each is sent once', async () => {
      const ep = await createEndpoint('/ok/concurrent');
      const dispatcher = t.app.get(WebhookDispatcher);
      const worker = t.app.get(WorkerHost);
      await worker.beforeApplicationShutdown(); // stop the app's own loops; drive the claims by hand
      try {
        for (let i = 0; i < 60; i++) await capture(`many${i}@example.com`);
        await drainOutbox(t, t.app.get(OutboxRelay));
        let claimed = 0;
        for (;;) {
          const n = (await Promise.all([dispatcher.dispatchOnce(), dispatcher.dispatchOnce(), dispatcher.dispatchOnce()])).reduce(
            (a, b) => a + b,
            0,
          );
          if (n === 0) break;
          claimed += n;
        }
        expect(claimed).toBeGreaterThanOrEqual(60); // plus any still-due delivery of earlier tests
        const got = deliveredTo('/ok/concurrent', 'contact.created').map((r) => r.headers['webhook-id']);
        expect(got).toHaveLength(60);
        expect(new Set(got).size).toBe(60);
        expect((await deliveries(ep.endpoint.id, '?limit=100')).every((d) => d.status === 'SUCCEEDED' && d.attempt_count === 1)).toBe(true);
      } finally {
        worker.start();
      }
    });
  });

  describe('dispatching in batches', () => {
    beforeAll(async () => {
      tenant = await aTenant(t.commands); // a fresh workspace: at most 10 endpoints each
    });

    const streamOf = async (deliveryId: string) =>
      (await t.sql<{ type: string }>(`SELECT type FROM webhook_delivery_events WHERE delivery_id = $1 ORDER BY version`, [deliveryId])).map(
        (e) => e.type,
      );
    const rowsOf = (endpointId: string) =>
      t.sql<{
        id: string;
        workspace_id: string;
        endpoint_id: string;
        version: number;
        status: string;
        attempt_count: number;
        lease_until: Date | null;
      }>(
        `SELECT id, workspace_id, endpoint_id, version, status, attempt_count, lease_until FROM webhook_deliveries
         WHERE endpoint_id = $1 ORDER BY id`,
        [endpointId],
      );
    /** Stops the app's own loops while `fn` drives the relay, the dispatcher or the recorder by hand. */
    const byHand = async (fn: () => Promise<void>) => {
      const worker = t.app.get(WorkerHost);
      await worker.beforeApplicationShutdown();
      try {
        await fn();
      } finally {
        worker.start();
      }
    };

    it('records one batch to two endpoints, one of them failing: each delivery and each endpoint on its own', async () => {
      const ok = await createEndpoint('/ok/batch-a');
      const failing = await createEndpoint('/ok/batch-b');
      await t.sql(`UPDATE webhook_endpoints SET url = $1 WHERE id = $2`, [rx.url('/fail/batch-b'), failing.endpoint.id]);
      await byHand(async () => {
        for (let i = 0; i < 3; i++) await capture(`batch${i}@example.com`);
        await drainOutbox(t, t.app.get(OutboxRelay));
        expect(await t.app.get(WebhookDispatcher).dispatchOnce()).toBeGreaterThanOrEqual(6); // one batch: all six, sent and recorded
        // Checked before the loops run again (they would retry the failures).
        const good = await deliveries(ok.endpoint.id);
        const bad = await deliveries(failing.endpoint.id);
        expect(good.map((d) => [d.status, d.attempt_count, d.last_status_code])).toEqual(Array(3).fill(['SUCCEEDED', 1, 204]));
        expect(bad.map((d) => [d.status, d.attempt_count, d.last_status_code, d.attempts[0].error])).toEqual(
          Array(3).fill(['PENDING', 1, 500, 'HTTP 500 Internal Server Error']),
        );
        expect(bad.every((d) => d.next_attempt_at !== null)).toBe(true);
        for (const d of good) expect(await streamOf(d.id)).toEqual(['DeliveryCreated', 'AttemptSucceeded']);
        for (const d of bad) expect(await streamOf(d.id)).toEqual(['DeliveryCreated', 'AttemptFailed']);
        for (const row of [...(await rowsOf(ok.endpoint.id)), ...(await rowsOf(failing.endpoint.id))])
          expect([row.version, row.lease_until]).toEqual([2, null]);
        // A success moves its endpoint; a failed attempt that is not the end of the ladder moves nothing.
        expect((await api('GET', `/v1/webhook-endpoints/${ok.endpoint.id}`)).body).toMatchObject({
          consecutive_failures: 0,
          last_success_at: expect.any(String),
          last_failure_at: null,
        });
        expect((await api('GET', `/v1/webhook-endpoints/${failing.endpoint.id}`)).body).toMatchObject({
          consecutive_failures: 0,
          last_success_at: null,
          last_failure_at: null,
        });
        // Each endpoint's deliveries were signed with its own secret.
        for (const r of deliveredTo('/ok/batch-a', 'contact.created')) verifyWith(ok.secret, r);
        expect(deliveredTo('/fail/batch-b', 'contact.created').map((r) => verifyWith(failing.secret, r))).toHaveLength(3);
      });
    });

    it('records a group in one go; a delivery resent since its claim keeps its newer state and the rest is recorded', async () => {
      const a = await createEndpoint('/ok/group-a');
      const b = await createEndpoint('/ok/group-b');
      const recorder = t.app.get(DeliveryRecorder);
      await byHand(async () => {
        for (let i = 0; i < 2; i++) await capture(`group${i}@example.com`);
        await drainOutbox(t, t.app.get(OutboxRelay));
        const claimed = [...(await rowsOf(a.endpoint.id)), ...(await rowsOf(b.endpoint.id))];
        expect(claimed.map((c) => c.version)).toEqual([1, 1, 1, 1]);
        const resent = claimed[0]!;
        expect((await api('POST', `/v1/webhook-endpoints/${a.endpoint.id}/deliveries/${resent.id}/resend`)).status).toBe(202);

        const now = new Date();
        const summary = await recorder.record(
          claimed.map((c) => ({
            deliveryId: c.id,
            workspaceId: c.workspace_id,
            endpointId: c.endpoint_id,
            claimedVersion: c.version,
            command: {
              type: 'RecordAttempt' as const,
              outcome:
                c.endpoint_id === a.endpoint.id
                  ? { statusCode: 204, error: null, durationMs: 3 }
                  : { statusCode: 503, error: 'HTTP 503', durationMs: 4 },
              now,
              jitter: 0,
            },
          })),
        );
        expect(summary).toEqual({
          recorded: claimed.slice(1).map((c) => c.id),
          skipped: [{ deliveryId: resent.id, reason: 'moved' }],
          failed: [],
        });
        expect(await streamOf(resent.id)).toEqual(['DeliveryCreated', 'DeliveryRequeued']);
        expect((await rowsOf(a.endpoint.id)).map((r) => [r.id, r.status, r.attempt_count, r.version])).toEqual([
          [resent.id, 'PENDING', 0, 2],
          [claimed[1]!.id, 'SUCCEEDED', 1, 2],
        ]);
        expect((await rowsOf(b.endpoint.id)).map((r) => [r.status, r.attempt_count, r.version])).toEqual([
          ['PENDING', 1, 2],
          ['PENDING', 1, 2],
        ]);
        expect(t.logs.some((l) => l.includes(resent.id) && l.includes('keeping the newer state'))).toBe(true);
      });
      // Back on the loop: the resent delivery and the failed attempts are sent again and succeed.
      await waitUntil('all SUCCEEDED', async () =>
        [...(await deliveries(a.endpoint.id)), ...(await deliveries(b.endpoint.id))].every((d) => d.status === 'SUCCEEDED'),
      );
    });

    it('a slow receiver holds up only its own deliveries; a resend while its attempt is in flight keeps the newer state', async () => {
      const owner = await aTenant(t.commands);
      const slow = await createEndpoint('/hold/slow', ['contact.created'], owner.auth);
      const fast = await createEndpoint('/ok/not-held');
      const held: ServerResponse[] = [];
      const previous = rx.behaviour;
      rx.behaviour = (req, res, body, received) => {
        // Holds the first event sent to /hold/slow; anything else there gets the default 204.
        if (req.url === '/hold/slow' && (JSON.parse(body) as Json).type === 'contact.created' && held.length === 0)
          return void held.push(res);
        previous(req, res, body, received);
      };
      try {
        await capture('slow@example.com', owner.workspace.id);
        await rx.waitFor(() => held.length === 1);
        const [inFlight] = (await api('GET', `/v1/webhook-endpoints/${slow.endpoint.id}/deliveries`, undefined, owner.auth)).body!
          .data as Json[];
        expect(inFlight).toMatchObject({ status: 'PENDING', attempt_count: 0 });

        // Another endpoint's event is claimed, sent and recorded while that attempt is still open.
        await capture('fast@example.com');
        await waitUntil('the other endpoint SUCCEEDED', async () => (await deliveries(fast.endpoint.id))[0]?.status === 'SUCCEEDED', 5_000);
        expect(held[0]!.writableEnded).toBe(false);

        // Resend during the attempt: sent again at once, and answered.
        const resend = await api(
          'POST',
          `/v1/webhook-endpoints/${slow.endpoint.id}/deliveries/${inFlight!.id}/resend`,
          undefined,
          owner.auth,
        );
        expect(resend).toMatchObject({ status: 202, body: { status: 'PENDING', attempt_count: 0 } });
        const get = async () =>
          (await api('GET', `/v1/webhook-endpoints/${slow.endpoint.id}/deliveries/${inFlight!.id}`, undefined, owner.auth)).body!;
        await waitUntil('the resent attempt', async () => (await get()).status === 'SUCCEEDED', 5_000);

        // The first attempt now fails late: its outcome is dropped, the newer state stays.
        held[0]!.writeHead(500).end('too late');
        await waitUntil(
          'the late outcome',
          async () => t.logs.some((l) => l.includes(inFlight!.id) && l.includes('keeping the newer state')),
          5_000,
        );
        expect(await get()).toMatchObject({ status: 'SUCCEEDED', attempt_count: 1, attempts: [{ number: 1, status_code: 204 }] });
        expect(await streamOf(inFlight!.id)).toEqual(['DeliveryCreated', 'DeliveryRequeued', 'AttemptSucceeded']);
        expect((await api('GET', `/v1/webhook-endpoints/${slow.endpoint.id}`, undefined, owner.auth)).body).toMatchObject({
          consecutive_failures: 0,
          last_failure_at: null,
        });
        expect(
          rx
            .at('/hold/slow')
            .filter((r) => (JSON.parse(r.body) as Json).type === 'contact.created')
            .map((r) => r.headers['webhook-id']),
        ).toEqual([inFlight!.event_id, inFlight!.event_id]);
      } finally {
        for (const res of held) if (!res.writableEnded) res.destroy();
        rx.behaviour = previous;
      }
    });
  });

  describe('the test operation', () => {
    beforeAll(async () => {
      tenant = await aTenant(t.commands); // a fresh workspace: at most 10 endpoints each
    });

    it('sends a signed endpoint.test and reports the outcome without touching the log or the counters', async () => {
      const ep = await createEndpoint('/switch/test');
      const ok = await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/test`);
      expect(ok).toMatchObject({ status: 200, body: { delivered: true, status_code: 200, error: null } });
      switchOk = false;
      const bad = await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/test`);
      expect(bad).toMatchObject({ status: 200, body: { delivered: false, status_code: 500, error: expect.stringMatching(/^HTTP 500/) } });
      switchOk = true;
      const tests = deliveredTo('/switch/test', 'endpoint.test');
      expect(tests).toHaveLength(3); // creation + two test sends
      for (const r of tests) verifyWith(ep.secret, r);
      const after = (await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}`)).body!;
      expect(after).toMatchObject({ consecutive_failures: 0, last_success_at: null, last_failure_at: null });
      expect(await deliveries(ep.endpoint.id)).toEqual([]);
    });
  });

  describe('disabling and replay', () => {
    beforeAll(async () => {
      tenant = await aTenant(t.commands); // a fresh workspace: at most 10 endpoints each
    });

    it('disables after 20 consecutive failed deliveries, notifies the owner, records later events as FAILED, \
and a replay recovers all', async () => {
      const owner = await aTenant(t.commands);
      const ep = await createEndpoint('/switch/disable', ['contact.created'], owner.auth);
      switchOk = false;
      const since = new Date(Date.now() - 1000).toISOString();
      for (let i = 0; i < 20; i++) await capture(`fail${i}@example.com`, owner.workspace.id);
      const get = async () => (await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}`, undefined, owner.auth)).body!;
      await waitUntil('auto-disable', async () => (await get()).status === 'DISABLED', 60_000);
      expect(await get()).toMatchObject({ status: 'DISABLED', disabled_reason: 'CONSECUTIVE_FAILURES', consecutive_failures: 20 });
      const notes = await t.sql<{ kind: string; data: Json }>(`SELECT kind, data FROM owner_notifications WHERE workspace_id = $1`, [
        owner.workspace.id,
      ]);
      expect(notes).toEqual([
        { kind: 'webhook_endpoint.disabled', data: expect.objectContaining({ endpoint_id: ep.endpoint.id, consecutive_failures: 20 }) },
      ]);

      // While disabled, events are still recorded: FAILED with no attempt.
      const sentBefore = deliveredTo('/switch/disable', 'contact.created').length;
      for (let i = 0; i < 3; i++) await capture(`while-off${i}@example.com`, owner.workspace.id);
      const list = async () =>
        (await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries?limit=100`, undefined, owner.auth)).body!.data as Json[];
      await waitUntil('23 deliveries', async () => (await list()).length === 23);
      const offline = (await list()).slice(0, 3);
      expect(offline.map((d) => [d.status, d.attempt_count])).toEqual(Array(3).fill(['FAILED', 0]));
      expect(deliveredTo('/switch/disable', 'contact.created').length).toBe(sentBefore);
      expect((await get()).consecutive_failures).toBe(20); // recorded-while-disabled does not count

      // Re-enable: counter reset. Replay: every FAILED delivery since T is re-queued and now succeeds.
      switchOk = true;
      const enabled = await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, { enabled: true }, owner.auth);
      expect(enabled.body).toMatchObject({ status: 'ACTIVE', disabled_reason: null, consecutive_failures: 0 });
      const replay = await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/replay`, { since }, owner.auth);
      expect(replay).toMatchObject({ status: 202, body: { replayed: 23 } });
      await waitUntil('all SUCCEEDED', async () => (await list()).every((d) => d.status === 'SUCCEEDED'), 30_000);
      const ids = new Set(
        deliveredTo('/switch/disable', 'contact.created')
          .filter((r) => r.at > 0)
          .map((r) => r.headers['webhook-id']),
      );
      expect(ids.size).toBe(23);
    }, 90_000);

    it('refuses a replay since more than 30 days ago (400 /since), and a malformed since', async () => {
      const ep = await createEndpoint('/ok/replay-window');
      const old = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
      for (const since of [old, 'yesterday', '2026-11-01', 42]) {
        const res = await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/replay`, { since });
        expect([res.status, res.body!.errors?.[0]?.pointer]).toEqual([400, '/since']);
      }
    });
  });

  describe('managing endpoints', () => {
    beforeAll(async () => {
      tenant = await aTenant(t.commands); // a fresh workspace: at most 10 endpoints each
    });

    it('patches event types and enabled; a manual disable keeps its reason; an empty patch is refused', async () => {
      const ep = await createEndpoint('/ok/patch');
      const types = await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, { event_types: ['sale.paid', 'sale.refunded'] });
      expect(types.body).toMatchObject({ event_types: ['sale.paid', 'sale.refunded'] });
      expect(Date.parse(types.body!.updated_at)).toBeGreaterThanOrEqual(Date.parse(ep.endpoint.updated_at));
      expect((await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, { enabled: false })).body).toMatchObject({
        status: 'DISABLED',
        disabled_reason: 'MANUAL',
      });
      expect((await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, {})).status).toBe(400);
      expect((await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, { colour: 'red' })).status).toBe(400);
      const moved = await api('PATCH', `/v1/webhook-endpoints/${ep.endpoint.id}`, { url: rx.url('/ok/patch-moved') });
      expect(moved.body).toMatchObject({ url: rx.url('/ok/patch-moved') });
      verifyWith(ep.secret, deliveredTo('/ok/patch-moved', 'endpoint.test')[0]!);
    });

    it('keeps signing secrets out of the database and the logs (current and rotated)', async () => {
      t.logs.length = 0;
      const ep = await createEndpoint('/ok/secret');
      const rotated = (await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/rotate-secret`)).body!.secret as string;
      await api('POST', `/v1/webhook-endpoints/${ep.endpoint.id}/test`);
      const dump = await dumpDatabase(t);
      expect(dump).toContain(ep.endpoint.id);
      for (const secret of [ep.secret, rotated]) {
        const raw = secret.slice('whsec_'.length);
        for (const haystack of [dump, t.logs.join('')]) {
          expect(haystack).not.toContain(raw);
          expect(haystack).not.toContain(Buffer.from(raw, 'base64').toString('hex'));
          expect(haystack).not.toContain(Buffer.from(raw, 'base64').toString('base64url'));
        }
      }
    });

    it('deletes an endpoint with its delivery history (204), then 404', async () => {
      const ep = await createEndpoint('/ok/delete');
      await capture('delete@example.com');
      await waitUntil('delivery', async () => (await deliveries(ep.endpoint.id)).length === 1);
      const [delivered] = await deliveries(ep.endpoint.id);
      const events = () => t.sql(`SELECT version FROM webhook_delivery_events WHERE delivery_id = $1`, [delivered!.id]);
      expect((await events()).length).toBeGreaterThan(0);
      const res = await api('DELETE', `/v1/webhook-endpoints/${ep.endpoint.id}`);
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      expect((await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}`)).status).toBe(404);
      expect((await api('DELETE', `/v1/webhook-endpoints/${ep.endpoint.id}`)).status).toBe(404);
      expect(await t.sql(`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1`, [ep.endpoint.id])).toEqual([]);
      // Its event stream too: no foreign key cascades to the event store (docs/adr/0057).
      expect(await events()).toEqual([]);
    });

    it('hides other workspaces: 404 resource_not_found for their endpoints and deliveries', async () => {
      const ep = await createEndpoint('/ok/private');
      const stranger = await aTenant(t.commands);
      for (const [m, u] of [
        ['GET', `/v1/webhook-endpoints/${ep.endpoint.id}`],
        ['GET', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries`],
        ['POST', `/v1/webhook-endpoints/${ep.endpoint.id}/test`],
        ['POST', `/v1/webhook-endpoints/${ep.endpoint.id}/rotate-secret`],
        ['DELETE', `/v1/webhook-endpoints/${ep.endpoint.id}`],
      ] as const) {
        const res = await api(m, u, undefined, stranger.auth);
        expect([m, u, res.status, res.body!.code]).toEqual([m, u, 404, 'resource_not_found']);
      }
      expect((await api('GET', '/v1/webhook-endpoints', undefined, stranger.auth)).body).toEqual({ data: [] });
    });

    it('pages deliveries newest first with cursors bound to the filter', async () => {
      const ep = await createEndpoint('/ok/pages');
      for (let i = 0; i < 5; i++) await capture(`page${i}@example.com`);
      await waitUntil('5 deliveries', async () => (await deliveries(ep.endpoint.id)).length === 5);
      const first = (await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries?limit=2`)).body!;
      expect(first.data).toHaveLength(2);
      expect(first.has_more).toBe(true);
      const rest = (
        await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries?limit=100&after=${encodeURIComponent(first.next_cursor)}`)
      ).body!;
      expect(rest.data).toHaveLength(3);
      const all = [...first.data, ...rest.data];
      expect(new Set(all.map((d: Json) => d.id)).size).toBe(5);
      const stamps = all.map((d: Json) => d.created_at);
      expect([...stamps].sort().reverse()).toEqual(stamps);
      const crossFilter = await api(
        'GET',
        `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries?status=FAILED&after=${encodeURIComponent(first.next_cursor)}`,
      );
      expect([crossFilter.status, crossFilter.body!.errors[0].parameter]).toEqual([400, 'after']);
      expect((await api('GET', `/v1/webhook-endpoints/${ep.endpoint.id}/deliveries?status=DONE`)).status).toBe(400);
    });
  });
});
