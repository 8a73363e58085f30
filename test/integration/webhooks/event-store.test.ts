import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aWorkspace } from '../../factories/access.factory.js';
import { Transactions } from '../../../src/platform/cqrs/transactional.js';
import type { OutboxEvent } from '../../../src/platform/outbox/outbox.js';
import { WebhookFanOut } from '../../../src/webhooks/application/fan-out.js';
import { EnvelopeStore } from '../../../src/webhooks/application/ports/envelope.ports.js';
import { envelopeBody } from '../../../src/webhooks/application/webhook.views.js';
import { EVENTS_CHANNEL } from '../../../src/webhooks/infrastructure/sql-envelope.store.js';

const DAY = 86_400_000;

/**
 * The events' data layer (docs/adr/0065): the fan-out stores the envelope of every subscribable event, with or
 * without endpoints, and notifies the events channel once per workspace at commit; the store lists them.
 */
describe('event envelopes (the store of GET /v1/events)', () => {
  let t: TestApp;
  let store: EnvelopeStore;
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(EnvelopeStore);
    listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL) heard.push(n.payload ?? '');
    });
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  let seq = 0;
  const event = (workspaceId: string, type: string, createdAt: Date, data: unknown = { n: seq }): OutboxEvent => ({
    seq: ++seq,
    eventId: `evt_store_${seq}_${Math.random().toString(36).slice(2, 8)}`,
    workspaceId,
    type,
    data,
    createdAt,
  });
  const fanOut = async (rows: OutboxEvent[]) => {
    await t.app.get(Transactions).run(() => t.app.get(WebhookFanOut).handle(rows));
    await new Promise((res) => setTimeout(res, 3)); // the next transaction starts a later millisecond
  };
  const settle = () => new Promise((res) => setTimeout(res, 200));

  it('stores every subscribable event of a workspace without endpoints, and notifies once per workspace at commit', async () => {
    const a = await aWorkspace(t.commands);
    const b = await aWorkspace(t.commands);
    const now = Date.now();
    const rows = [
      event(a.id, 'contact.created', new Date(now - 3000)),
      event(a.id, 'page.published', new Date(now - 2000)),
      event(a.id, 'not.subscribable', new Date(now - 1000)),
      event(b.id, 'contact.created', new Date(now - 1000)),
    ];
    heard.length = 0;
    await fanOut(rows);
    await settle();
    expect(heard.sort()).toEqual([a.id, b.id].sort());

    const stored = await t.sql<{ event_id: string; body: string; published_at: Date }>(
      `SELECT event_id, body, published_at FROM webhook_messages WHERE workspace_id = $1 ORDER BY created_at`,
      [a.id],
    );
    expect(stored.map((r) => r.event_id)).toEqual([rows[0]!.eventId, rows[1]!.eventId]);
    expect(stored[0]!.body).toBe(envelopeBody(rows[0]!.eventId, rows[0]!.type, rows[0]!.createdAt, rows[0]!.data));
    expect(Math.abs(stored[0]!.published_at.getTime() - Date.now())).toBeLessThan(60_000);

    // A rolled back transaction stores nothing and notifies no one.
    heard.length = 0;
    const lost = event(a.id, 'contact.created', new Date());
    await expect(
      t.app.get(Transactions).run(async () => {
        await t.app.get(WebhookFanOut).handle([lost]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    expect(heard).toEqual([]);
    expect(await store.eventById(a.id, lost.eventId)).toBeNull();
  });

  it('lists newest first within 30 days, by type and creation time, page after page; reads one event', async () => {
    const ws = await aWorkspace(t.commands);
    const other = await aWorkspace(t.commands);
    const base = Date.now() - 10 * 60_000;
    const types = ['contact.created', 'page.published', 'contact.created'];
    const rows = Array.from({ length: 7 }, (_, i) => event(ws.id, types[i % 3]!, new Date(base + i * 1000)));
    // One transaction per event: each is published after the one before.
    for (const row of rows) await fanOut([row]);
    const foreign = event(other.id, 'contact.created', new Date(base + 500));
    await fanOut([foreign]);
    // One published 31 days ago: out of the list.
    const old = event(ws.id, 'contact.created', new Date(base - 31 * DAY));
    await fanOut([old]);
    await t.sql(`UPDATE webhook_messages SET published_at = now() - interval '31 days' WHERE event_id = $1`, [old.eventId]);

    const ids = (events: { eventId: string }[]) => events.map((e) => e.eventId);
    const newestFirst = [...rows].reverse().map((r) => r.eventId);
    const all = await store.listEvents(ws.id, { limit: 100 });
    expect(ids(all)).toEqual(newestFirst);
    expect(all[0]!.body).toBe(envelopeBody(rows[6]!.eventId, rows[6]!.type, rows[6]!.createdAt, rows[6]!.data));
    expect(all[0]!.type).toBe(rows[6]!.type);

    // Page after page from the last one's position.
    const walked: string[] = [];
    let after: { publishedAt: Date; eventId: string } | undefined;
    for (let page = 0; page < 10; page++) {
      const got = await store.listEvents(ws.id, { limit: 3, after });
      walked.push(...ids(got));
      if (got.length < 3) break;
      after = { publishedAt: got.at(-1)!.publishedAt, eventId: got.at(-1)!.eventId };
    }
    expect(walked).toEqual(newestFirst);

    expect(ids(await store.listEvents(ws.id, { limit: 100, types: ['page.published'] }))).toEqual(
      newestFirst.filter((id) => rows.find((r) => r.eventId === id)!.type === 'page.published'),
    );
    expect(await store.listEvents(ws.id, { limit: 100, types: [] })).toEqual([]);
    const window = await store.listEvents(ws.id, {
      limit: 100,
      createdAfter: new Date(base + 2000),
      createdBefore: new Date(base + 5000),
    });
    expect(ids(window)).toEqual([rows[4]!.eventId, rows[3]!.eventId, rows[2]!.eventId]);

    expect((await store.eventById(ws.id, rows[2]!.eventId))?.body).toBe(all[4]!.body);
    expect(await store.eventById(ws.id, old.eventId)).toBeNull();
    expect(await store.eventById(ws.id, foreign.eventId)).toBeNull();
    expect(await store.eventById(ws.id, 'evt_absent')).toBeNull();
  });

  it('reads the events published since an instant, oldest first', async () => {
    const ws = await aWorkspace(t.commands);
    const rows = Array.from({ length: 5 }, (_, i) => event(ws.id, i % 2 ? 'page.published' : 'contact.created', new Date()));
    for (const row of rows.slice(0, 2)) await fanOut([row]);
    const [mark] = await t.sql<{ published_at: Date }>(`SELECT published_at FROM webhook_messages WHERE event_id = $1`, [rows[1]!.eventId]);
    for (const row of rows.slice(2)) await fanOut([row]);

    const since = await store.eventsPublishedSince(ws.id, mark!.published_at, undefined, 100);
    expect(since.map((e) => e.eventId)).toEqual(rows.slice(1).map((r) => r.eventId));
    const times = since.map((e) => e.publishedAt.getTime());
    expect(times).toEqual(times.toSorted((x, y) => x - y));
    expect((await store.eventsPublishedSince(ws.id, mark!.published_at, undefined, 2)).map((e) => e.eventId)).toEqual(
      rows.slice(1, 3).map((r) => r.eventId),
    );
    expect((await store.eventsPublishedSince(ws.id, mark!.published_at, ['page.published'], 100)).map((e) => e.eventId)).toEqual([
      rows[1]!.eventId,
      rows[3]!.eventId,
    ]);
  });
});
