import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { aKey, aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver, verifyWith } from '../../support/https-receiver.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * `GET /v1/events` and `GET /v1/events/{event_id}` (docs/adr/0065) on the real app: the outbox relay fans the
 * events out (workers running) to a real HTTPS receiver on loopback, and the list returns the envelopes it received.
 */
describe('events you can fetch', () => {
  let t: TestApp;
  const rx = new HttpsReceiver();

  beforeAll(async () => {
    await rx.start();
    t = await startTestApp({
      runWorkers: true,
      env: { WEBHOOK_ALLOWED_TARGETS: rx.target, RATE_LIMIT_BURST_REQUESTS: '100000' },
    });
    rx.behaviour = (_req, res) => void res.writeHead(204).end();
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  let n = 0;
  const unique = () => `${Date.now().toString(36)}${++n}`;
  const api = async (url: string, auth: Record<string, string>) => {
    const res = await t.inject({ method: 'GET', url, headers: auth });
    return { status: res.statusCode, raw: res.body, body: JSON.parse(res.body) as Json };
  };
  const waitUntil = async (what: string, check: () => Promise<boolean> | boolean, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const capture = (workspaceId: string, email: string) =>
    t.commands.execute(new CaptureContactCommand(workspaceId, email, undefined, 'FORM', undefined, undefined)) as Promise<Json>;
  const all = async (auth: Record<string, string>, query = '') => (await api(`/v1/events?limit=100${query}`, auth)).body.data as Json[];

  it('lists and reads the exact envelopes a receiver got', async () => {
    const tenant = await aTenant(t.commands);
    const created = await t.inject({
      method: 'POST',
      url: '/v1/webhook-endpoints',
      headers: { ...tenant.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: rx.url('/events/a'), event_types: ['contact.created'] }),
    });
    expect(created.statusCode).toBe(201);
    const { secret } = created.json<{ secret: string }>();
    for (let i = 0; i < 3; i++) await capture(tenant.workspace.id, `reader-${unique()}@example.com`);
    const received = () => rx.at('/events/a').filter((r) => (JSON.parse(r.body) as Json).type === 'contact.created');
    await waitUntil('three deliveries', () => received().length === 3);
    await waitUntil('three events', async () => (await all(tenant.auth)).length === 3);

    const listed = await api('/v1/events', tenant.auth);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ has_more: false, next_cursor: null });
    const items = listed.body.data as Json[];
    // The events the receiver got (signed with the endpoint's secret), no more, no fewer.
    const sent = received().map((r) => (verifyWith(secret, r) as Json).id as string);
    expect(items.map((e) => e.id).sort()).toEqual(sent.sort());
    for (const r of received()) {
      const id = (JSON.parse(r.body) as Json).id as string;
      // The same bytes: the item is the envelope as sent, and the one-event read answers with exactly its body.
      expect(JSON.stringify(items.find((e) => e.id === id))).toBe(r.body);
      const one = await api(`/v1/events/${id}`, tenant.auth);
      expect([one.status, one.raw]).toEqual([200, r.body]);
    }
  });

  it('lists the events of a workspace without endpoints: filters, pages, scope, isolation, erasure', async () => {
    const tenant = await aTenant(t.commands);
    const other = await aTenant(t.commands);
    const ws = tenant.workspace.id;
    const emails = Array.from({ length: 7 }, () => `Listed.${unique()}@Example.com`);
    const contacts: Json[] = [];
    // One at a time, each listed before the next is captured: each published after the one before (events published
    // together, in one relay transaction, are ordered by id), and created at distinct instants for the time filters.
    for (const [i, email] of emails.entries()) {
      contacts.push(await capture(ws, email));
      await waitUntil(`event ${i + 1}`, async () => (await all(tenant.auth)).length === i + 1);
    }
    await capture(other.workspace.id, `other-${unique()}@example.com`);
    await waitUntil('seven events', async () => (await all(tenant.auth)).length === 7);
    await waitUntil('the other workspace’s event', async () => (await all(other.auth)).length === 1);

    const full = await all(tenant.auth);
    expect(full.every((e) => e.type === 'contact.created')).toBe(true);
    expect(full.map((e) => e.data.contact.id)).toEqual([...contacts].reverse().map((c) => c.id));

    // Page after page of 3, by the cursor.
    const walked: Json[] = [];
    let url = '/v1/events?limit=3';
    for (let page = 0; page < 5; page++) {
      const res = await api(url, tenant.auth);
      expect(res.status).toBe(200);
      walked.push(...(res.body.data as Json[]));
      expect(res.body.has_more).toBe(walked.length < 7);
      if (!res.body.has_more) break;
      url = `/v1/events?limit=3&after=${encodeURIComponent(res.body.next_cursor as string)}`;
    }
    expect(walked).toEqual(full);
    // A cursor is bound to its filters.
    const first = await api('/v1/events?limit=3', tenant.auth);
    const rebound = await api(`/v1/events?limit=3&type=contact.created&after=${encodeURIComponent(first.body.next_cursor)}`, tenant.auth);
    expect([rebound.status, rebound.body.code]).toEqual([400, 'invalid_request']);

    // Another workspace's events never appear, and cannot be read.
    const [foreign] = await all(other.auth);
    expect(full.map((e) => e.id)).not.toContain(foreign!.id);
    expect((await api(`/v1/events/${foreign!.id}`, tenant.auth)).status).toBe(404);
    const missing = await api('/v1/events/whmsg_nothing', tenant.auth);
    expect([missing.status, missing.body.code]).toEqual([404, 'resource_not_found']);

    // Creation time: at or after, and before.
    const from = full[4]!.created_at as string;
    const to = full[1]!.created_at as string;
    const window = await all(tenant.auth, `&created_after=${from}&created_before=${to}`);
    expect(window.map((e) => e.id)).toEqual(full.slice(2, 5).map((e) => e.id));

    // Erased: a contact.deleted event follows, and the address is nowhere in the list nor in the one-event read.
    const erased = contacts[0]!;
    const createdEvent = full.find((e) => e.data.contact.id === erased.id)!;
    expect(JSON.stringify(createdEvent).toLowerCase()).toContain(emails[0]!.toLowerCase());
    const del = await t.inject({
      method: 'DELETE',
      url: `/v1/contacts/${erased.id}`,
      headers: { ...tenant.auth, 'idempotency-key': unique() },
    });
    expect(del.statusCode).toBe(204);
    await waitUntil('contact.deleted listed', async () => (await all(tenant.auth, '&type=contact.deleted')).length === 1);
    const after = await api('/v1/events?limit=100', tenant.auth);
    expect(after.body.data).toHaveLength(8);
    expect(after.raw.toLowerCase()).not.toContain(emails[0]!.toLowerCase());
    expect(after.raw.toLowerCase()).toContain(emails[1]!.toLowerCase());
    const one = await api(`/v1/events/${createdEvent.id}`, tenant.auth);
    expect(one.status).toBe(200);
    expect(one.raw.toLowerCase()).not.toContain(emails[0]!.toLowerCase());
    expect(one.body.data.contact.id).toBe(erased.id);

    // By type, repeated.
    const deleted = await all(tenant.auth, '&type=contact.deleted');
    expect(deleted.map((e) => e.type)).toEqual(['contact.deleted']);
    expect(await all(tenant.auth, '&type=contact.created&type=contact.deleted')).toEqual(after.body.data);
    expect((await all(tenant.auth, '&type=contact.created')).map((e) => e.id)).toEqual(full.map((e) => e.id));
    const unknown = await api('/v1/events?type=contact.created&type=contact.exploded', tenant.auth);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'invalid_request']);
    expect(JSON.stringify(unknown.body.errors)).toContain('sale.refunded');

    // A key without webhooks:read.
    const narrow = await aKey(t.commands, ws, { scopes: ['contacts:read'] });
    for (const path of ['/v1/events', `/v1/events/${createdEvent.id}`]) {
      const refused = await api(path, { 'x-api-key': narrow.key });
      expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    }
  });
});
