import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { aTenant } from '../../factories/access.factory.js';
import { dumpDatabase } from '../../support/dump.js';
import { HttpsReceiver, verifyWith, type Received } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;

/**
 * A receiver that checks signatures, as the Standard Webhooks docs recommend, can be registered: it is configured
 * with a secret first (per path), refuses with 401 any request not signed with one of its secrets, and the endpoint is
 * created (or its secret rotated) with that `secret`. Real app, real PostgreSQL, real HTTPS receiver on loopback;
 * signatures checked with the standardwebhooks package, not the project's code.
 */
describe('a webhook receiver configured with its secret beforehand', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  /** The secrets each receiver path accepts; a path with none accepts nothing. */
  const accepted = new Map<string, string[]>();
  /** What the receiver answered, per request (in order). */
  const answers: { path: string; status: number; type: string }[] = [];

  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({
      runWorkers: true,
      env: { WEBHOOK_ALLOWED_TARGETS: rx.target, WEBHOOK_RETRY_DELAYS: '0.05', WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '0' },
    });
    tenant = await aTenant(t.commands);
    rx.behaviour = (req, res, body, received) => {
      const path = req.url ?? '';
      const r = received[received.length - 1]!;
      const ok = (accepted.get(path) ?? []).some((secret) => verifies(secret, r));
      const status = ok ? 204 : 401;
      answers.push({ path, status, type: String((JSON.parse(body) as Json).type) });
      res.writeHead(status).end(ok ? undefined : 'bad signature');
    };
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await rx.close();
  });

  const verifies = (secret: string, r: Received) => {
    try {
      verifyWith(secret, r);
      return true;
    } catch {
      return false;
    }
  };
  const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.inject({
      method: method as 'POST',
      url,
      headers: { ...tenant.auth, ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : undefined, type: res.headers['content-type'] };
  };
  const create = (path: string, extra: Json = {}, headers: Record<string, string> = {}) =>
    api('POST', '/v1/webhook-endpoints', { url: rx.url(path), event_types: ['contact.created'], ...extra }, headers);
  const capture = (email: string) =>
    t.commands.execute(new CaptureContactCommand(tenant.workspace.id, email, undefined, 'FORM', undefined, undefined));
  const at = (path: string, type: string) => rx.at(path).filter((r) => (JSON.parse(r.body) as Json).type === type);
  const answered = (path: string, type: string) => answers.filter((a) => a.path === path && a.type === type).map((a) => a.status);
  const deliveries = async (endpointId: string) =>
    (await api('GET', `/v1/webhook-endpoints/${endpointId}/deliveries`)).body!.data as Json[];
  const waitUntil = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('refuses an endpoint whose signed endpoint.test it cannot verify, as before: 422, nothing stored', async () => {
    accepted.set('/strict/refused', [secretOf(32)]);
    const res = await create('/strict/refused');
    expect([res.status, res.body!.code]).toEqual([422, 'endpoint_verification_failed']);
    expect(answered('/strict/refused', 'endpoint.test')).toEqual([401]);
    expect((await api('GET', '/v1/webhook-endpoints')).body!.data.map((e: Json) => e.url)).not.toContain(rx.url('/strict/refused'));
  });

  it('registers it with the secret it was given (201, the secret returned as given), and later deliveries verify', async () => {
    const secret = secretOf(32);
    accepted.set('/strict/created', [secret]);
    const res = await create('/strict/created', { secret });
    expect(res.status).toBe(201);
    expect(res.body!.secret).toBe(secret);
    expect(answered('/strict/created', 'endpoint.test')).toEqual([204]);
    const endpointId = res.body!.endpoint.id as string;

    await capture('strict-created@example.com');
    await rx.waitFor(() => at('/strict/created', 'contact.created').length === 1);
    const [got] = at('/strict/created', 'contact.created');
    expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      type: 'contact.created',
      data: { contact: { email: 'strict-created@example.com' } },
    });
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    await waitUntil('the delivery to succeed', async () => (await deliveries(endpointId))[0]?.status === 'SUCCEEDED');
    expect(answered('/strict/created', 'contact.created')).toEqual([204]);
  });

  it.each([
    ['24 bytes (the Svix form, no padding)', 24],
    ['64 bytes', 64],
  ])('accepts a secret of %s', async (_, bytes) => {
    const secret = secretOf(bytes);
    const path = `/strict/bytes-${bytes}`;
    accepted.set(path, [secret]);
    const res = await create(path, { secret });
    expect([res.status, res.body!.secret]).toEqual([201, secret]);
  });

  it('still generates a secret when none is given (a receiver that checks nothing, as before)', async () => {
    rx.behaviour = ((original) => (req, res, body, received) => {
      if ((req.url ?? '') === '/lenient') return void res.writeHead(204).end();
      original(req, res, body, received);
    })(rx.behaviour);
    const res = await create('/lenient');
    expect(res.status).toBe(201);
    expect(res.body!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    verifyWith(res.body!.secret, at('/lenient', 'endpoint.test')[0]!);
  });

  it.each([
    ['no prefix', randomBytes(32).toString('base64')],
    ['bad base64', `whsec_${'*'.repeat(44)}`],
    ['base64url digits', `whsec_${'-_'.repeat(22)}`],
    ['23 bytes', secretOf(23)],
    ['65 bytes', secretOf(65)],
    ['not a string', 42],
    ['empty', ''],
  ])('refuses a secret with %s: 400 invalid_request at /secret, no request sent, nothing stored', async (_, secret) => {
    const path = `/strict/bad-${answers.length}`;
    const before = rx.received.length;
    const res = await create(path, { secret });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'invalid_request', errors: [{ pointer: '/secret', detail: expect.any(String) }] });
    if (typeof secret === 'string' && secret.length > 12) expect(JSON.stringify(res.body)).not.toContain(secret.slice(6, 30));
    expect(rx.received.length).toBe(before);
    expect((await api('GET', '/v1/webhook-endpoints')).body!.data.map((e: Json) => e.url)).not.toContain(rx.url(path));
  });

  it('rotates to the secret it is given: later deliveries are signed with it, and with the old one during the overlap', async () => {
    const first = secretOf(32);
    accepted.set('/strict/rotated', [first]);
    const created = await create('/strict/rotated', { secret: first });
    expect(created.status).toBe(201);
    const endpointId = created.body!.endpoint.id as string;

    // The receiver now knows only the new secret; the old one still signs for 24 hours.
    const next = secretOf(48);
    accepted.set('/strict/rotated', [next]);
    const rotated = await api('POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { secret: next });
    expect(rotated.status).toBe(200);
    expect(rotated.body!.secret).toBe(next);
    const overlap = Date.parse(rotated.body!.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(rotated.body!.endpoint.previous_secret_expires_at).toBe(rotated.body!.previous_secret_expires_at);

    await capture('strict-rotated@example.com');
    await rx.waitFor(() => at('/strict/rotated', 'contact.created').length === 1);
    const [got] = at('/strict/rotated', 'contact.created');
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWith(next, got!)).toEqual(verifyWith(first, got!));
    expect(verifies(secretOf(48), got!)).toBe(false);
    await waitUntil('the delivery to succeed', async () => (await deliveries(endpointId))[0]?.status === 'SUCCEEDED');
    expect(answered('/strict/rotated', 'contact.created')).toEqual([204]);

    // A bad secret leaves the endpoint as it was (the secret it signs with included).
    const refused = await api('POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { secret: secretOf(23) });
    expect(refused.body).toMatchObject({ status: 400, code: 'invalid_request', errors: [{ pointer: '/secret' }] });
    const unknown = await api('POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { secrets: next });
    expect(unknown.body).toMatchObject({ status: 400, errors: [{ pointer: '/secrets' }] });
    const tested = await api('POST', `/v1/webhook-endpoints/${endpointId}/test`);
    expect(tested.body).toMatchObject({ delivered: true });
    verifyWith(next, at('/strict/rotated', 'endpoint.test').at(-1)!);
  });

  it('rotates without a body, or with an empty one, to a generated secret, as before', async () => {
    const first = secretOf(32);
    accepted.set('/strict/generated', [first]);
    const endpointId = (await create('/strict/generated', { secret: first })).body!.endpoint.id as string;
    const bare = await t.inject({ method: 'POST', url: `/v1/webhook-endpoints/${endpointId}/rotate-secret`, headers: tenant.auth });
    expect(bare.statusCode).toBe(200);
    const generated = bare.json<Json>().secret as string;
    expect(generated).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const empty = await api('POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, {});
    expect(empty.status).toBe(200);
    expect(empty.body!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(new Set([first, generated, empty.body!.secret]).size).toBe(3);
  });

  it('replays a create under the same Idempotency-Key with the same secret, and refuses the key with another secret', async () => {
    const secret = secretOf(32);
    accepted.set('/strict/idem', [secret]);
    const headers = { 'idempotency-key': `secret-${randomBytes(6).toString('hex')}` };
    const once = await create('/strict/idem', { secret }, headers);
    const again = await create('/strict/idem', { secret }, headers);
    expect([once.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(once.body);
    expect(answered('/strict/idem', 'endpoint.test')).toEqual([204]);
    const other = await create('/strict/idem', { secret: secretOf(32) }, headers);
    expect([other.status, other.body!.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('keeps a given secret out of the database and the logs', async () => {
    t.logs.length = 0;
    const secret = secretOf(32);
    const next = secretOf(32);
    accepted.set('/strict/stored', [secret, next]);
    const { endpoint } = (await create('/strict/stored', { secret }, { 'idempotency-key': 'stored-1' })).body!;
    await api('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { secret: next }, { 'idempotency-key': 'stored-2' });
    const dump = await dumpDatabase(t);
    expect(dump).toContain(endpoint.id);
    for (const s of [secret, next]) {
      const raw = s.slice('whsec_'.length);
      for (const haystack of [dump, t.logs.join('')]) {
        expect(haystack).not.toContain(raw);
        expect(haystack).not.toContain(Buffer.from(raw, 'base64').toString('hex'));
      }
    }
  });
});
