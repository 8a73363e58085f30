import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PoolClient } from 'pg';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { aTenant } from '../../factories/access.factory.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { longestIdleInTransactionMs, startTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * One tenant never slows another (decisions.md, "Second round"): no connection is held while the service waits
 * on a webhook receiver, waiting for a pooled connection is bounded (503 + Retry-After), and the workers draw
 * from a pool of their own.
 */
describe('tenant isolation', () => {
  describe('25 signed test sends hanging on a receiver that never answers', () => {
    let t: TestApp;
    const rx = new HttpsReceiver();
    let hang = false;

    beforeAll(async () => {
      await rx.start();
      // The requests of the hung receiver are simply never answered (until the sender's time-out, 3 s here).
      rx.behaviour = (req, res) => {
        if (hang && (req.url ?? '').startsWith('/hang')) return;
        res.writeHead(204).end();
      };
      // A pool smaller than the number of hung sends: holding a connection across a send would exhaust it.
      t = await startTestApp({
        env: {
          WEBHOOK_ALLOWED_TARGETS: rx.target,
          RATE_LIMIT_BURST_REQUESTS: '100000',
          DATABASE_POOL_SIZE: '10',
          WEBHOOK_ATTEMPT_TIMEOUT_MS: '3000',
        },
      });
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await rx.close();
    });

    const api = async (method: string, url: string, auth: Record<string, string>, body?: unknown) => {
      const res = await t.inject({
        method: method as 'GET',
        url,
        headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.statusCode,
        body: res.body && res.headers['content-type']?.includes('json') ? (JSON.parse(res.body) as Json) : res.body,
      };
    };

    it('keeps another workspace’s reads and a live page answering, with no connection idle in transaction', async () => {
      const attacker = await aTenant(t.commands);
      const bystander = await aTenant(t.commands);
      const created = await api('POST', '/v1/webhook-endpoints', attacker.auth, {
        url: rx.url('/hang/endpoint'),
        event_types: ['contact.created'],
      });
      expect(created.status).toBe(201);
      const endpointId = (created.body as Json).endpoint.id as string;
      const page = (await api('POST', '/v1/pages', bystander.auth, { title: 'Still serving' })).body as Json;
      expect((await api('POST', `/v1/pages/${page.id}/publish`, bystander.auth)).status).toBe(200);

      hang = true;
      const before = rx.received.length;
      // 15 test operations and 10 endpoint creates, all waiting on the receiver.
      const hung = [
        ...Array.from({ length: 15 }, () => api('POST', `/v1/webhook-endpoints/${endpointId}/test`, attacker.auth)),
        ...Array.from({ length: 10 }, (_, i) =>
          api('POST', '/v1/webhook-endpoints', attacker.auth, { url: rx.url(`/hang/${i}`), event_types: ['sale.paid'] }),
        ),
      ];
      await rx.waitFor((r) => r.length >= before + 25);

      const stalled = await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      expect(stalled[0]!.n).toBe(0);

      // The bystander is served while all 25 are still waiting (each waits up to the sender's time-out).
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const list = await api('GET', '/v1/pages', bystander.auth);
        const live = await t.inject({ method: 'GET', url: `/p/${page.slug}` });
        expect([list.status, live.statusCode]).toEqual([200, 200]);
        expect(Date.now() - started).toBeLessThan(2_000);
      }
      expect(rx.received.length - before).toBe(25); // no send has been answered or retried meanwhile

      const outcomes = await Promise.all(hung);
      expect(outcomes.slice(0, 15).map((o) => [o.status, (o.body as Json).delivered])).toEqual(Array(15).fill([200, false]));
      expect(outcomes.slice(15).map((o) => [o.status, (o.body as Json).code])).toEqual(
        Array(10).fill([422, 'endpoint_verification_failed']),
      );
      const endpoints = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = $1`, [
        attacker.workspace.id,
      ]);
      expect(endpoints[0]!.n).toBe(1);
    }, 40_000);
  });

  describe('webhook attempts hanging on a receiver that never answers', () => {
    let t: TestApp;
    const rx = new HttpsReceiver();
    let hang = false;

    beforeAll(async () => {
      await rx.start();
      rx.behaviour = (req, res) => {
        if (hang) return;
        res.writeHead(204).end();
      };
      t = await startTestApp({
        runWorkers: true,
        // The dispatcher's claim path (first-attempts.test.ts checks the fan-out's own attempts the same way).
        env: {
          WEBHOOK_ALLOWED_TARGETS: rx.target,
          RATE_LIMIT_BURST_REQUESTS: '100000',
          DATABASE_WORKER_POOL_SIZE: '4',
          WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '0',
          WEBHOOK_ATTEMPT_TIMEOUT_MS: '3000',
        },
      });
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await rx.close();
    });

    it('holds no transaction open while the dispatcher waits on the receiver', async () => {
      const sender = await aTenant(t.commands);
      const bystander = await aTenant(t.commands);
      const created = await t.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: { ...sender.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: rx.url('/hook'), event_types: ['contact.created'] }),
      });
      expect(created.statusCode).toBe(201);
      hang = true;
      const before = rx.received.length;
      for (let i = 0; i < 20; i++) {
        await t.commands.execute(
          new CaptureContactCommand(sender.workspace.id, `fan${i}@example.com`, undefined, 'FORM', undefined, undefined),
        );
      }
      await rx.waitFor((r) => r.length >= before + 20);

      // Sampled over a second while every attempt hangs (3 s): a transaction held across the wait would sit idle in it
      // for seconds; one caught between two statements of its own for a moment is not that.
      const longest = await longestIdleInTransactionMs(t);
      expect(longest).toBeLessThan(500);
      const started = Date.now();
      expect((await t.inject({ method: 'GET', url: '/v1/pages', headers: bystander.auth })).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      // The workers' other loops still get connections while 20 attempts hang: a new event is fanned out.
      await t.commands.execute(new CaptureContactCommand(sender.workspace.id, 'late@example.com', undefined, 'FORM', undefined, undefined));
      const until = Date.now() + 10_000;
      let fannedOut = 0;
      while (fannedOut < 21 && Date.now() < until) {
        fannedOut = (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries`))[0]!.n;
        if (fannedOut < 21) await new Promise((r) => setTimeout(r, 50));
      }
      expect(fannedOut).toBe(21);
    }, 40_000);
  });

  describe('a pool with no free connection', () => {
    let t: TestApp;
    let sql: Sql;
    const held: PoolClient[] = [];

    beforeAll(async () => {
      t = await startTestApp({ runWorkers: true, env: { DATABASE_POOL_SIZE: '2', DATABASE_POOL_WAIT_MS: '1000' } });
      sql = t.app.get(Sql);
    }, 30_000);
    afterAll(async () => {
      for (const c of held.splice(0)) c.release();
      await t.close();
    });

    it('answers 503 service_unavailable with Retry-After after the bounded wait, \
while the workers keep working on their own pool', async () => {
      const tenant = await aTenant(t.commands);
      expect(sql.workerPool).not.toBe(sql.apiPool);
      // Everything the API pool has is taken.
      held.push(await sql.apiPool.connect(), await sql.apiPool.connect());

      const res = await t.inject({ method: 'GET', url: '/v1/pages', headers: tenant.auth });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(res.body).code).toBe('service_unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

      // The workers' pool is untouched: an event committed now is published by the outbox relay meanwhile.
      const contact = await sql.asWorker(() =>
        t.commands.execute(new CaptureContactCommand(tenant.workspace.id, 'pool@example.com', undefined, 'FORM', undefined, undefined)),
      );
      const until = Date.now() + 10_000;
      let published = false;
      while (!published && Date.now() < until) {
        const rows = await t.sql<{ published: boolean }>(
          `SELECT processed_at IS NOT NULL AS published FROM outbox WHERE payload->'data'->'contact'->>'id' = $1`,
          [contact.id],
        );
        published = rows[0]?.published === true;
        if (!published) await new Promise((r) => setTimeout(r, 50));
      }
      expect(published).toBe(true);

      for (const c of held.splice(0)) c.release();
      expect((await t.inject({ method: 'GET', url: '/v1/pages', headers: tenant.auth })).statusCode).toBe(200);
      const names = await t.sql<{ application_name: string }>(
        `SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = current_database()`,
      );
      expect(names.map((n) => n.application_name)).toEqual(expect.arrayContaining(['bio-page-api', 'bio-page-workers']));
    }, 30_000);
  });
});
