import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { CaptureContactCommand } from '../../../src/audience/index.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/platform/database/embedded-postgres.js';
import { migrate } from '../../../src/platform/database/orm.js';
import { loadConfig } from '../../../src/platform/config/config.js';
import { createHttpApp } from '../../../src/http-app.js';
import { LiveSite } from '../../../src/site/application/live-site.js';
import { Janitor } from '../../../src/platform/workers/janitor.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk, type Json } from '../../support/api-calls.js';
import { HttpsReceiver } from '../../support/https-receiver.js';
import { stopPostgresImmediately } from '../../support/postgres-stop.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DATABASE = 'outageforms';
/** decisions.md, fourth round: everything serves again within 5 s of the database's return */
const RESUME_MS = 5_000;

type LogLine = { level: number; msg?: string; context?: string; route?: string; [k: string]: unknown };

/**
 * An outage is an outage, whatever PostgreSQL answers (decisions.md, fourth round; docs/adr/0060). The test owns its
 * PostgreSQL (an embedded cluster in a temporary directory) and runs the whole service in this process (API, live
 * site and every worker), its log lines captured. Three outages in turn: PostgreSQL stopped in fast mode (clients
 * told 57P01, then connections refused), stopped in immediate mode (connections dropped without a word, then
 * refused), and a database that refuses connections while the server runs (`ALLOW_CONNECTIONS false` and its
 * backends terminated: 55000 "not currently accepting connections"). Each time: cached pages 200, the others the
 * 503 page, the API 503 problem+json, all with Retry-After, never a 500; one warning and one info line for the
 * outage and no stack, though every loop, listener, the visit writer, the webhook recorder (a delivery in flight)
 * and a retention sweep met it; and within 5 s of the return everything serves again, with the views made meanwhile
 * counted, a webhook event created just before the outage delivered and a publish that fell due meanwhile made.
 */
describe('an outage, whatever PostgreSQL answers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-outage-forms-'));
  const rx = new HttpsReceiver();
  let db: EmbeddedDatabase;
  let port: number;
  let app: NestFastifyApplication;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  let api: ReturnType<typeof apiOk>;
  const logs: LogLine[] = [];
  /** answers the receiver holds back (a delivery in flight when the outage begins), released by the test */
  const held: (() => void)[] = [];

  beforeAll(async () => {
    await rx.start();
    rx.behaviour = (_req, res, body) => {
      const event = JSON.parse(body) as Json;
      if (event.type === 'contact.created' && String(event.data?.contact?.email).startsWith('held-'))
        held.push(() => void res.writeHead(204).end());
      else res.writeHead(204).end();
    };
    db = await startEmbeddedPostgres(dir, DATABASE);
    port = Number(new URL(db.url).port);
    await migrate(db.url);
    const config = loadConfig({
      DATABASE_URL: db.url,
      DATA_DIR: dir,
      PUBLIC_API_URL: 'http://127.0.0.1:3000',
      RATE_LIMIT_BURST_REQUESTS: '100000',
      WEBHOOK_ALLOWED_TARGETS: rx.target,
    });
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
        cb();
      },
    });
    ({ app } = await createHttpApp(
      config,
      { databaseUrl: db.url, secretKey: Buffer.alloc(32, 5), runWorkers: true },
      pino({ level: 'info' }, sink),
    ));
    await app.getHttpAdapter().getInstance().ready();
    tenant = await aTenant(app.get(CommandBus));
    api = apiOk(app, tenant.auth);
    await api('POST', '/v1/webhook-endpoints', { url: rx.url('/outage'), event_types: ['contact.created'] });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.stop();
    await rx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One statement on a connection of its own, to `database` (the application's unless said). */
  const sql = async <T = Json>(text: string, params: unknown[] = [], database = DATABASE): Promise<T[]> => {
    const url = new URL(db.url);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const listening = async (): Promise<string[]> =>
    (await sql<{ query: string }>(`SELECT query FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'`, [DATABASE]))
      .map((r) => r.query)
      .sort();
  const facts = async (pageId: string): Promise<number> =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1`, [pageId]))[0]!.n;
  const view = (slug: string, i = 0) =>
    app.inject({ method: 'GET', url: `/p/${slug}`, headers: { 'user-agent': `visitor ${i}` }, remoteAddress: `198.51.100.${i % 250}` });
  const contactCreated = (contactId: string) =>
    rx.at('/outage').some((r) => {
      const body = JSON.parse(r.body) as Json;
      return body.type === 'contact.created' && body.data?.contact?.id === contactId;
    });

  /** Stops the postmaster in `mode` (SIGINT is pg_ctl's fast mode, SIGQUIT its immediate mode) and waits for it to exit. */
  async function stopPostgres(mode: 'fast' | 'immediate'): Promise<void> {
    if (mode === 'fast') return db.stop();
    return stopPostgresImmediately(dir);
  }

  const outages = {
    fast: {
      begin: () => stopPostgres('fast'),
      end: async () => void (db = await startEmbeddedPostgres(dir, DATABASE, { port })),
    },
    immediate: {
      begin: () => stopPostgres('immediate'),
      end: async () => void (db = await startEmbeddedPostgres(dir, DATABASE, { port })),
    },
    refusing: {
      // 55000 for every new connection; the open ones are ended (57P01).
      begin: async () => {
        await sql(`ALTER DATABASE ${DATABASE} ALLOW_CONNECTIONS false`, [], 'postgres');
        await sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [DATABASE], 'postgres');
      },
      end: () => sql(`ALTER DATABASE ${DATABASE} ALLOW_CONNECTIONS true`, [], 'postgres').then(() => undefined),
    },
  };

  it.each(Object.keys(outages) as (keyof typeof outages)[])(
    'PostgreSQL %s: the site serves what it holds, the API says 503, one line each way, and all resumes within 5 s',
    async (mode) => {
      const cached = await aLivePage(api, `Kept through ${mode}`, [{ kind: 'LINK', data: { url: 'https://a.example/', title: 'A' } }]);
      const uncached = await aLivePage(api, `Not kept through ${mode}`, []);
      const scheduled = await aLivePage(api, `Due during ${mode}`, [], { publish: false });
      // The listeners hear changes again (after an earlier outage too), so the cache serves from memory.
      for (let i = 0; i < 100 && (await listening()).length < 3; i++) await sleep(50);
      expect(await listening()).toEqual(['LISTEN live_pages', 'LISTEN outbox', 'LISTEN webhook_deliveries']);
      await sleep(300); // the publishes' notifications have arrived
      // In memory: a load that a change notification overtook (another page's publish) is not kept; a later one is.
      const pages = app.get(LiveSite).pages;
      const kept = pages.size;
      const first = await view(cached.slug);
      expect(first.statusCode).toBe(200);
      for (let i = 0; i < 100 && pages.size === kept; i++) {
        await sleep(20);
        await app.inject({ method: 'HEAD', url: `/p/${cached.slug}` });
      }
      expect(pages.size).toBe(kept + 1);
      for (let i = 0; i < 100 && (await facts(cached.id)) < 1; i++) await sleep(50);
      const viewsBefore = await facts(cached.id);
      expect(viewsBefore).toBeGreaterThan(0);

      // Just before the outage: a publish that falls due during it, a delivery in flight (its receiver answers once
      // the database is gone, so its outcome cannot be recorded), and a webhook event somewhere in its pipeline.
      const capture = (email: string) =>
        app.get(CommandBus).execute(new CaptureContactCommand(tenant.workspace.id, email, 'Outage', 'NEWSLETTER', undefined, undefined));
      await api('POST', `/v1/pages/${scheduled.id}/publish`, { starts_at: new Date(Date.now() + 1_000).toISOString() });
      await capture(`held-${mode}@example.com`);
      for (let i = 0; i < 200 && held.length === 0; i++) await sleep(25);
      expect(held).toHaveLength(1);
      const contact = (await capture(`outage-${mode}@example.com`)) as Json;
      const outageStarted = logs.length;
      await outages[mode].begin();
      held.splice(0).forEach((answer) => answer());
      // A retention sweep that meets the outage (it runs every 10 minutes; here, now).
      await app.get(Janitor).sweep();

      // During the outage, the workers and listeners trying all along (a few seconds of polls).
      const during: number[] = [];
      for (let round = 0; round < 6; round++) {
        for (let i = 1; i <= 5; i++) {
          const res = await view(cached.slug, round * 5 + i);
          during.push(res.statusCode);
          if (res.statusCode === 200) expect(res.body).toBe(first.body);
        }
        const missing = await view(uncached.slug, round);
        expect([missing.statusCode, missing.headers['content-type'], missing.headers['retry-after']]).toEqual([
          503,
          'text/html; charset=utf-8',
          '5',
        ]);
        expect(missing.body).toContain('<title>This page will be back in a moment</title>');
        for (const url of ['/v1/contacts', `/v1/pages/${cached.id}`]) {
          const res = await app.inject({ method: 'GET', url, headers: tenant.auth });
          expect([res.statusCode, res.headers['content-type'], res.headers['retry-after']]).toEqual([
            503,
            'application/problem+json; charset=utf-8',
            '5',
          ]);
          expect(res.json()).toMatchObject({ code: 'service_unavailable' });
        }
        await sleep(500);
      }
      expect(during.filter((s) => s !== 200)).toEqual([]);

      await outages[mode].end();
      const returned = Date.now();
      const state = { site: 0, api: 0, views: 0, webhook: false, published: 0, listeners: [] as string[] };
      const done = () =>
        state.site === 200 &&
        state.api === 200 &&
        state.views === viewsBefore + during.length &&
        state.webhook &&
        state.published === 200 &&
        state.listeners.length === 3;
      while (!done() && Date.now() - returned < RESUME_MS) {
        state.site = (await view(uncached.slug, 99)).statusCode;
        state.api = (await app.inject({ method: 'GET', url: '/v1/contacts', headers: tenant.auth })).statusCode;
        state.views = await facts(cached.id).catch(() => -1);
        state.webhook = contactCreated(contact.id as string);
        state.published = (await view(scheduled.slug, 98)).statusCode;
        state.listeners = await listening().catch(() => []);
        if (!done()) await sleep(100);
      }
      // Within 5 s of the return: both pages served, the API answers, the views of the outage written (the uncached
      // page's views only count once it is back), the webhook delivered, the due publish made, the listeners back.
      expect(state).toEqual({
        site: 200,
        api: 200,
        views: viewsBefore + during.length,
        webhook: true,
        published: 200,
        listeners: ['LISTEN live_pages', 'LISTEN outbox', 'LISTEN webhook_deliveries'],
      });

      const outage = logs.slice(outageStarted);
      if (process.env.SHOW_LOGS)
        console.log(outage.map((l) => `${l.level} ${l.context ?? ''} ${String(l.source)} ${String(l.reason)}: ${l.msg}`).join('\n'));
      // No stack anywhere, at any level.
      expect(outage.filter((l) => /\n\s+at /.test(JSON.stringify(l)) || JSON.stringify(l).includes('"stack"'))).toEqual([]);
      // Besides the API's request lines (one per request at info, outage or not) and the work done after the return,
      // the outage is two lines: a warning when it started and an info line when it ended.
      const about = outage.filter((l) => l.route === undefined && (l.level >= 40 || /database|unreachable|reachable/i.test(l.msg ?? '')));
      expect(about.map((l) => [l.level, l.msg?.split(':')[0]])).toEqual([
        [40, 'Database unreachable'],
        [30, 'Database reachable again'],
      ]);
    },
    60_000,
  );
});
