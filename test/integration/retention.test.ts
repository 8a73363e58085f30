import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { aWorkspace } from '../factories/access.factory.js';
import { Janitor } from '../../src/platform/workers/janitor.js';
import { DeliveryLog } from '../../src/webhooks/application/delivery-log.js';
import { EndpointRepository, MessageStore } from '../../src/webhooks/application/ports/webhook.ports.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../src/webhooks/application/webhook-events.js';
import { Endpoint } from '../../src/webhooks/domain/endpoint.js';
import { newSigningSecret } from '../../src/webhooks/infrastructure/webhook-signing.js';

const DAY = 86_400_000;

describe('retention (the janitor)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_DELIVERY_RETENTION_DAYS: '30', ANALYTICS_FACT_RETENTION_DAYS: '90' } });
  });
  afterAll(() => t.close());

  it('deletes finished deliveries and their envelopes past 30 days, keeps pending and recent ones, \
and raw analytics facts past 90 days', async () => {
    const ws = await aWorkspace(t.commands);
    const endpoints = t.app.get(EndpointRepository);
    const messages = t.app.get(MessageStore);
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
    /** A delivery of its own envelope, created `age` days ago and left in `status`. */
    const delivery = async (name: string, ageDays: number, status: 'SUCCEEDED' | 'FAILED' | 'PENDING') => {
      const at = new Date(now - ageDays * DAY);
      const eventId = `whmsg_${name}_${id}`;
      await messages.save({ eventId, workspaceId: ws.id, type: 'contact.created', body: '{}', createdAt: at });
      const deliveryId = `whdel_${name}_${id}`;
      await log.create({
        type: 'CreateDelivery',
        deliveryId,
        endpointId: id,
        workspaceId: ws.id,
        eventId,
        eventType: 'contact.created',
        now: at,
        endpointActive: true,
      });
      if (status === 'SUCCEEDED')
        await log.apply(deliveryId, {
          type: 'RecordAttempt',
          outcome: { statusCode: 200, error: null, durationMs: 3 },
          now: at,
          jitter: 0,
        });
      // Failing attempts until the eight of the contract are used up.
      for (let i = 0; status === 'FAILED' && (await log.load(deliveryId))?.status !== 'FAILED'; i++) {
        if (i > 10) throw new Error('the delivery never ended FAILED');
        await log.apply(deliveryId, {
          type: 'RecordAttempt',
          outcome: { statusCode: 500, error: null, durationMs: 3 },
          now: at,
          jitter: 0,
        });
      }
      return deliveryId;
    };
    await delivery('oldok', 31, 'SUCCEEDED');
    await delivery('oldfail', 45, 'FAILED');
    await delivery('oldpending', 40, 'PENDING');
    await delivery('recentfail', 29, 'FAILED');
    await t.sql(
      `INSERT INTO analytics_facts (workspace_id, page_id, block_id, kind, referrer, visitor_hash, occurred_at)
       VALUES ($1, 'pg_x', NULL, 'VIEW', '', 'h', now() - interval '91 days'),
              ($1, 'pg_x', NULL, 'VIEW', '', 'h', now() - interval '89 days')`,
      [ws.id],
    );

    const purged = await t.app.get(Janitor).sweep();
    expect(purged['webhook deliveries and envelopes']).toBeGreaterThanOrEqual(4); // 2 deliveries + 2 envelopes
    expect(purged['raw analytics facts']).toBeGreaterThanOrEqual(1);

    const left = await t.sql<{ id: string; status: string }>(
      `SELECT id, status FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`,
      [id],
    );
    expect(left.map((d) => d.id.split('_')[1])).toEqual(['oldpending', 'recentfail']);
    const streams = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM webhook_delivery_events WHERE delivery_id LIKE $1`, [
      `whdel_old%_${id}`,
    ]);
    expect(Number(streams[0]!.n)).toBe(1); // only the pending delivery's stream is left
    const envelopes = await t.sql<{ event_id: string }>(`SELECT event_id FROM webhook_messages WHERE event_id LIKE $1 ORDER BY event_id`, [
      `%_${id}`,
    ]);
    expect(envelopes.map((m) => m.event_id.split('_')[1])).toEqual(['oldpending', 'recentfail']);
    const facts = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM analytics_facts WHERE workspace_id = $1`, [ws.id]);
    expect(Number(facts[0]!.n)).toBe(1);
  });

  it('deletes rate-limit windows that ended over an hour ago, and keeps the others', async () => {
    const now = Date.now();
    await t.sql(`INSERT INTO rate_limits (key, points, expire) VALUES ('form:old', 11, $1), ('form:recent', 3, $2), ('form:open', 1, $3)`, [
      now - 2 * 3_600_000,
      now - 60_000,
      now + 600_000,
    ]);
    const purged = await t.app.get(Janitor).sweep();
    expect(purged['ended rate-limit windows']).toBeGreaterThanOrEqual(1);
    const left = await t.sql<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'form:%' ORDER BY key`);
    expect(left.map((r) => r.key)).toEqual(['form:open', 'form:recent']);
  });
});
