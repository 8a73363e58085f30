import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ManualClock } from '../../support/manual-clock.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { aWorkspace } from '../../factories/access.factory.js';
import { Transactions } from '../../../src/platform/cqrs/transactional.js';
import { Janitor } from '../../../src/platform/workers/janitor.js';
import { DeliveryLog } from '../../../src/webhooks/application/delivery/delivery-log.js';
import { WebhookFanOut } from '../../../src/webhooks/application/fan-out.js';
import { EndpointRepository } from '../../../src/webhooks/application/ports/webhook.ports.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../../src/webhooks/application/webhook-events.js';
import { Endpoint } from '../../../src/webhooks/domain/endpoint.js';
import { newSigningSecret } from '../../../src/webhooks/infrastructure/webhook-signing.js';

const DAY = 86_400_000;

describe('retention (the janitor)', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { WEBHOOK_DELIVERY_RETENTION_DAYS: '30', ANALYTICS_FACT_RETENTION_DAYS: '90' } });
  });
  afterAll(() => t.close());

  it('deletes finished deliveries 30 days after they ended (not after they were created) with their envelopes, \
keeps pending and recently ended ones', async () => {
    const ws = await aWorkspace(t.commands);
    const endpoints = t.app.get(EndpointRepository);
    const fanOut = t.app.get(WebhookFanOut);
    const log = t.app.get(DeliveryLog);
    const id = `we_ret${Date.now()}`;
    await endpoints.insert(
      Endpoint.register({
        id,
        workspaceId: ws.id,
        url: 'https://hooks.example.com/in',
        eventTypes: ['contact.created'],
        subscribable: SUBSCRIBABLE_EVENT_TYPES,
        secretRef: endpoints.seal(id, newSigningSecret()),
        now: new Date(),
      }),
    );
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    /**
     * A delivery of its own envelope, created `createdDays` ago (the application's clock set back), whose attempts
     * end it `endedDays` ago in `status`, or leave it PENDING.
     */
    const delivery = async (name: string, createdDays: number, status: 'SUCCEEDED' | 'FAILED' | 'PENDING', endedDays = createdDays) => {
      const at = ago(createdDays);
      clock.set(at);
      const eventId = `whmsg_${name}_${id}`;
      await t.app
        .get(Transactions)
        .run(() => fanOut.handle([{ seq: 0, eventId, workspaceId: ws.id, type: 'contact.created', data: {}, createdAt: at }]));
      const [row] = await t.sql<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE event_id = $1`, [eventId]);
      const deliveryId = row!.id;
      const attempt = (statusCode: number) =>
        log.apply(
          { workspaceId: ws.id, id: deliveryId },
          { type: 'RecordAttempt', outcome: { statusCode, error: null, durationMs: 3 }, now: ago(endedDays), jitter: 0 },
        );
      if (status === 'SUCCEEDED') await attempt(200);
      // Failing attempts until the eight of the contract are used up.
      for (let i = 0, state = 'PENDING'; status === 'FAILED' && state !== 'FAILED'; i++) {
        if (i > 10) throw new Error('the delivery never ended FAILED');
        state = (await attempt(500))!.state.status;
      }
      deliveryIds.set(name, deliveryId);
      return deliveryId;
    };
    const deliveryIds = new Map<string, string>();
    const HOUR_IN_DAYS = 1 / 24;
    await delivery('endedout', 45, 'SUCCEEDED', 30 + HOUR_IN_DAYS);
    await delivery('failedout', 45, 'FAILED');
    await delivery('endedin', 45, 'SUCCEEDED', 30 - HOUR_IN_DAYS);
    await delivery('failedin', 29, 'FAILED');
    await delivery('oldpending', 40, 'PENDING');
    // Ended 31 days ago and redacted today: a redaction moves nothing, the delivery ended when it ended.
    await delivery('redacted', 31, 'SUCCEEDED');
    clock.set(new Date(now));
    await log.apply({ workspaceId: ws.id, id: deliveryIds.get('redacted')! }, { type: 'RedactPayload', now: new Date(now) });
    // Published when they were created (the relay's transaction stamps the database's time, not the clock's).
    await t.sql(`UPDATE webhook_messages SET published_at = created_at WHERE event_id LIKE $1`, [`%_${id}`]);

    const purged = await t.app.get(Janitor).sweep();
    expect(purged['webhook deliveries and envelopes']).toBe(6); // 3 deliveries + 3 envelopes

    // Named by their envelopes (the fan-out draws the delivery ids).
    const left = await t.sql<{ id: string }>(`SELECT event_id AS id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY event_id`, [
      id,
    ]);
    expect(left.map((d) => d.id.split('_')[1])).toEqual(['endedin', 'failedin', 'oldpending']);
    const gone = ['endedout', 'failedout', 'redacted'].map((name) => deliveryIds.get(name)!);
    const streams = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM webhook_delivery_events WHERE delivery_id = ANY($1)`, [gone]);
    expect(Number(streams[0]!.n)).toBe(0);
    const envelopes = await t.sql<{ event_id: string }>(`SELECT event_id FROM webhook_messages WHERE event_id LIKE $1 ORDER BY event_id`, [
      `%_${id}`,
    ]);
    expect(envelopes.map((m) => m.event_id.split('_')[1])).toEqual(['endedin', 'failedin', 'oldpending']);
  });

  it("keeps the envelopes no delivery refers to 30 days after they were published (the events list), \
and no longer, whatever the deliveries' retention", async () => {
    const longer = await startTestApp({ clock, env: { WEBHOOK_DELIVERY_RETENTION_DAYS: '90' } });
    try {
      const ws = await aWorkspace(longer.commands);
      const endpoints = longer.app.get(EndpointRepository);
      const id = `we_evt${Date.now()}`;
      await endpoints.insert(
        Endpoint.register({
          id,
          workspaceId: ws.id,
          url: 'https://hooks.example.com/in',
          eventTypes: ['page.published'],
          subscribable: SUBSCRIBABLE_EVENT_TYPES,
          secretRef: endpoints.seal(id, newSigningSecret()),
          now: new Date(),
        }),
      );
      const now = Date.now();
      const HOUR = 3_600_000;
      // name, type (only page.published has a delivery), created and published this long ago
      const events: [string, string, number, number][] = [
        ['out', 'contact.created', 31 * DAY, 30 * DAY + HOUR],
        ['in', 'contact.created', 31 * DAY, 30 * DAY - HOUR], // the relay was a day late: listed until 30 days after it
        ['recent', 'contact.created', DAY, DAY],
        ['delivered', 'page.published', 40 * DAY, 40 * DAY], // its delivery is kept 90 days, and so is the envelope
      ];
      for (const [name, type, created] of events) {
        clock.set(new Date(now - created));
        const at = new Date(now - created);
        await longer.app
          .get(Transactions)
          .run(() =>
            longer.app
              .get(WebhookFanOut)
              .handle([{ seq: 0, eventId: `evt_${name}_${id}`, workspaceId: ws.id, type, data: {}, createdAt: at }]),
          );
      }
      for (const [name, , , published] of events) {
        await longer.sql(`UPDATE webhook_messages SET published_at = $2 WHERE event_id = $1`, [
          `evt_${name}_${id}`,
          new Date(now - published),
        ]);
      }
      const [delivery] = await longer.sql<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [id]);
      await longer.app
        .get(DeliveryLog)
        .apply(
          { workspaceId: ws.id, id: delivery!.id },
          { type: 'RecordAttempt', outcome: { statusCode: 200, error: null, durationMs: 3 }, now: new Date(now - 40 * DAY), jitter: 0 },
        );
      clock.set(new Date(now));

      await longer.app.get(Janitor).sweep();
      const left = await longer.sql<{ event_id: string }>(
        `SELECT event_id FROM webhook_messages WHERE workspace_id = $1 ORDER BY event_id`,
        [ws.id],
      );
      expect(left.map((m) => m.event_id.split('_')[1])).toEqual(['delivered', 'in', 'recent']);
      expect(await longer.sql(`SELECT 1 FROM webhook_deliveries WHERE id = $1`, [delivery!.id])).toHaveLength(1);
    } finally {
      await longer.close();
    }
  });

  it('deletes raw facts past 90 days and daily visitor hashes past the 90-day summary range, \
keeps those just inside', async () => {
    const ws = await aWorkspace(t.commands);
    const now = Date.now();
    clock.set(new Date(now));
    const MINUTE = 60_000;
    await t.sql(
      `INSERT INTO analytics_facts (workspace_id, page_id, block_id, kind, referrer, visitor_hash, occurred_at)
       VALUES ($1, 'pg_x', NULL, 'VIEW', '', 'out', $2), ($1, 'pg_x', NULL, 'VIEW', '', 'in', $3)`,
      [ws.id, new Date(now - 90 * DAY - MINUTE), new Date(now - 90 * DAY + MINUTE)],
    );
    // The range of 90 days is today and the 89 days before it.
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    await t.sql(
      `INSERT INTO analytics_daily_visitors (workspace_id, day, visitor_hash) VALUES ($1, $2, 'out'), ($1, $3, 'in'), ($1, $4, 'today')`,
      [ws.id, day(90), day(89), day(0)],
    );

    const purged = await t.app.get(Janitor).sweep();
    expect(purged['raw analytics facts']).toBe(1);
    expect(purged['daily visitor hashes']).toBe(1);
    const facts = await t.sql<{ visitor_hash: string }>(`SELECT visitor_hash FROM analytics_facts WHERE workspace_id = $1`, [ws.id]);
    expect(facts.map((f) => f.visitor_hash)).toEqual(['in']);
    const visitors = await t.sql<{ visitor_hash: string; day: string }>(
      `SELECT visitor_hash, day::text AS day FROM analytics_daily_visitors WHERE workspace_id = $1 ORDER BY day`,
      [ws.id],
    );
    expect(visitors).toEqual([
      { visitor_hash: 'in', day: day(89) },
      { visitor_hash: 'today', day: day(0) },
    ]);
  });

  it('deletes outbox rows published over 7 days ago and idempotency keys over 24 h old, keeps those just inside \
and unpublished rows', async () => {
    const ws = await aWorkspace(t.commands);
    const tag = `ret${Date.now()}`;
    // Both ages are the database's (the relay marks rows published with now(); a key's age decides its reuse there).
    await t.sql(
      `INSERT INTO outbox (event_id, workspace_id, type, payload, created_at, processed_at)
       VALUES ($2 || 'out', $1, 'contact.created', '{"data":{}}', now() - interval '8 days',
               now() - interval '7 days 1 minute'),
              ($2 || 'in', $1, 'contact.created', '{"data":{}}', now() - interval '8 days',
               now() - interval '7 days' + interval '1 minute'),
              ($2 || 'pending', $1, 'contact.created', '{"data":{}}', now() - interval '30 days', NULL)`,
      [ws.id, tag],
    );
    await t.sql(
      `INSERT INTO idempotency_keys (workspace_id, mode, key, fingerprint, owner_token, state, created_at, lease_expires_at)
       VALUES ($1, 'live', 'out', 'f', 'o', 'done', now() - interval '24 hours 1 minute', now()),
              ($1, 'live', 'in', 'f', 'o', 'done', now() - interval '24 hours' + interval '1 minute', now())`,
      [ws.id],
    );
    // The relay is not running here: the pending row stays pending.
    const purged = await t.app.get(Janitor).sweep();
    expect(purged['published outbox rows']).toBeGreaterThanOrEqual(1);
    expect(purged['expired idempotency keys']).toBeGreaterThanOrEqual(1);
    const rows = await t.sql<{ event_id: string }>(`SELECT event_id FROM outbox WHERE workspace_id = $1 ORDER BY event_id`, [ws.id]);
    expect(rows.map((r) => r.event_id.slice(tag.length))).toEqual(['in', 'pending']);
    const keys = await t.sql<{ key: string }>(`SELECT key FROM idempotency_keys WHERE workspace_id = $1 ORDER BY key`, [ws.id]);
    expect(keys.map((k) => k.key)).toEqual(['in']);
  });

  it('deletes rate-limit windows that ended over an hour ago, and keeps the others', async () => {
    const now = Date.now();
    await t.sql(
      `INSERT INTO rate_limits (workspace_id, key, points, expire)
       VALUES ('ws_windows', 'form:old', 11, $1), ('ws_windows', 'form:recent', 3, $2), ('ws_windows', 'form:open', 1, $3)`,
      [now - 2 * 3_600_000, now - 60_000, now + 600_000],
    );
    const purged = await t.app.get(Janitor).sweep();
    expect(purged['ended rate-limit windows']).toBeGreaterThanOrEqual(1);
    const left = await t.sql<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'form:%' ORDER BY key`);
    expect(left.map((r) => r.key)).toEqual(['form:open', 'form:recent']);
  });
});
