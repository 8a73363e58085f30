import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { aWorkspace } from '../factories/access.factory.js';
import { Transactions } from '../../src/platform/cqrs/transactional.js';
import { Janitor } from '../../src/platform/workers/janitor.js';
import { DeliveryLog } from '../../src/webhooks/application/delivery-log.js';
import { WebhookFanOut } from '../../src/webhooks/application/fan-out.js';
import { EndpointRepository } from '../../src/webhooks/application/ports/webhook.ports.js';
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
    /**
     * A delivery of its own envelope, created `age` days ago and left in `status`: the outbox event goes through the
     * fan-out (the relay's subscriber), the attempts through the delivery log, and the delivery is then dated back.
     */
    const delivery = async (name: string, ageDays: number, status: 'SUCCEEDED' | 'FAILED' | 'PENDING') => {
      const at = new Date(now - ageDays * DAY);
      const eventId = `whmsg_${name}_${id}`;
      await t.app
        .get(Transactions)
        .run(() => fanOut.handle([{ seq: 0, eventId, workspaceId: ws.id, type: 'contact.created', data: {}, createdAt: at }]));
      const [row] = await t.sql<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE event_id = $1`, [eventId]);
      const deliveryId = row!.id;
      await t.sql(`UPDATE webhook_deliveries SET created_at = $2 WHERE id = $1`, [deliveryId, at]);
      const attempt = (statusCode: number) =>
        log.apply(deliveryId, { type: 'RecordAttempt', outcome: { statusCode, error: null, durationMs: 3 }, now: at, jitter: 0 });
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

    // Named by their envelopes (the fan-out draws the delivery ids).
    const left = await t.sql<{ id: string; status: string }>(
      `SELECT event_id AS id, status FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY event_id`,
      [id],
    );
    expect(left.map((d) => d.id.split('_')[1])).toEqual(['oldpending', 'recentfail']);
    const streams = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM webhook_delivery_events WHERE delivery_id = ANY($1)`, [
      ['oldok', 'oldfail', 'oldpending'].map((name) => deliveryIds.get(name)!),
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
