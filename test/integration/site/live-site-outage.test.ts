import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/platform/database/embedded-postgres.js';
import { migrate } from '../../../src/platform/database/orm.js';
import { loadConfig } from '../../../src/platform/config/config.js';
import { createHttpApp } from '../../../src/http-app.js';
import { Metrics } from '../../../src/platform/observability/metrics.js';
import { LiveSite } from '../../../src/site/application/live-site.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The live site outlives a database outage (decisions.md, third round; docs/adr/0037). The test owns its
 * PostgreSQL (an embedded cluster in a temporary directory), stops it under the running service (workers
 * included) and starts it again on the same port.
 */
describe('the live site while PostgreSQL is down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-site-outage-'));
  let db: EmbeddedDatabase;
  let port: number;
  let app: NestFastifyApplication;
  const logs: { level: number; msg?: string; context?: string; [k: string]: unknown }[] = [];

  beforeAll(async () => {
    db = await startEmbeddedPostgres(dir, 'siteoutage');
    port = Number(new URL(db.url).port);
    await migrate(db.url);
    const config = loadConfig({
      DATABASE_URL: db.url,
      DATA_DIR: dir,
      PUBLIC_API_URL: 'http://127.0.0.1:3000',
      RATE_LIMIT_BURST_REQUESTS: '100000',
      VISIT_BUFFER_MAX: '1000',
    });
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        cb();
      },
    });
    ({ app } = await createHttpApp(
      config,
      { databaseUrl: db.url, secretKey: Buffer.alloc(32, 5), runWorkers: true },
      pino({ level: 'info' }, sink),
    ));
    await app.getHttpAdapter().getInstance().ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const facts = async (pageId: string): Promise<number> => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1`, [pageId])).rows[0].n;
    } finally {
      await client.end();
    }
  };
  const notCounted = async (reason: string) =>
    (await app.get(Metrics).viewsNotCounted.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

  it('serves cached pages and keeps their views, answers 503 for the rest, and logs the outage once', async () => {
    const tenant = await aTenant(app.get(CommandBus));
    const api = apiOk(app, tenant.auth);
    const cached = await aLivePage(api, 'Served from memory', [{ kind: 'LINK', data: { url: 'https://a.example/', title: 'A' } }]);
    const uncached = await aLivePage(api, 'Never viewed', []);
    const view = (slug: string, i: number) =>
      app.inject({ method: 'GET', url: `/p/${slug}`, headers: { 'user-agent': `visitor ${i}` }, remoteAddress: `198.51.100.${i % 250}` });
    // The listener hears changes (so the cache serves from memory), and the publishes' notifications have arrived.
    const sql = async (text: string) => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    };
    for (let i = 0; i < 100 && (await sql(`SELECT 1 FROM pg_stat_activity WHERE query = 'LISTEN live_pages'`)).length === 0; i++)
      await sleep(50);
    await sleep(300);
    const first = await view(cached.slug, 0);
    expect(first.statusCode).toBe(200);
    // In memory: a load that a change notification overtook (the other page's publish) is not kept; a later one is.
    const pages = app.get(LiveSite).pages;
    for (let i = 0; i < 100 && pages.size === 0; i++) {
      await sleep(20);
      await app.inject({ method: 'HEAD', url: `/p/${cached.slug}` });
    }
    expect(pages.size).toBe(1);
    for (let i = 0; i < 100 && (await facts(cached.id)) < 1; i++) await sleep(50);
    expect(await facts(cached.id)).toBe(1);
    // The page on a verified custom domain too (docs/adr/0094): the row as the checker leaves it, the lookup then kept.
    await sql(
      `INSERT INTO custom_domains (workspace_id, id, hostname, page_id, token, status, created_at, verified_at, next_check_at)
       VALUES ('${tenant.workspace.id}', 'dom_outage', 'links.outage.example', '${cached.id}', 't', 'verified', now(), now(),
               now() + interval '1 day')`,
    );
    // (A prefetch: served, and not counted, so that the views below stay the ones they count.)
    const onDomain = () => app.inject({ method: 'GET', url: '/', headers: { host: 'links.outage.example', 'sec-purpose': 'prefetch' } });
    expect((await onDomain()).statusCode).toBe(200);

    const outageStarted = logs.length;
    await db.stop();
    // Views during the outage: every one served from memory; 1,050 of them against a buffer of 1,000.
    const during = [];
    for (let i = 1; i <= 1_050; i++) during.push(await view(cached.slug, i));
    expect(during.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(during[0]!.body).toBe(first.body);
    const onItsDomain = await onDomain();
    expect([onItsDomain.statusCode, onItsDomain.body.includes('Served from memory')]).toEqual([200, true]);
    // A name not kept cannot be told from a verified one now: the page that says so, not the 404 page.
    const unknownHost = await app.inject({ method: 'GET', url: '/', headers: { host: 'other.outage.example' } });
    expect([unknownHost.statusCode, unknownHost.headers['retry-after']]).toEqual([503, '5']);
    const missing = await view(uncached.slug, 1);
    expect(missing.statusCode).toBe(503);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.headers['retry-after']).toBe('5');
    expect(missing.body).toContain('<title>This page will be back in a moment</title>');
    await sleep(3_000); // the workers poll, the listeners retry, the visit writer tries every second: three tries each
    for (let i = 1_051; i <= 1_060; i++) expect((await view(cached.slug, i)).statusCode).toBe(200);
    // Past the buffer's bound the oldest were not counted (and said so in the metric), memory did not grow. (While a
    // write is being tried, its batch is out of the buffer and not yet trimmed: the count settles once it failed.)
    let dropped = 0;
    for (let i = 0; i < 40 && dropped !== 60; i++) {
      dropped = await notCounted('buffer_full');
      if (dropped !== 60) await sleep(100);
    }
    expect(dropped).toBe(60);

    db = await startEmbeddedPostgres(dir, 'siteoutage', { port });
    let written = 0;
    for (let i = 0; i < 300 && written < 1_001; i++) {
      await sleep(100);
      written = await facts(cached.id).catch(() => 0);
    }
    expect(written).toBe(1 + 1_000);
    // The page never viewed is served once the database is back.
    let back = 0;
    for (let i = 0; i < 100 && back !== 200; i++) {
      back = (await view(uncached.slug, 2)).statusCode;
      if (back !== 200) await sleep(100);
    }
    expect(back).toBe(200);

    const outage = logs.slice(outageStarted);
    if (process.env.SHOW_LOGS) console.log(outage.map((l) => `${l.level} ${l.context}: ${l.msg}`).join('\n'));
    const said = (text: string) => outage.filter((l) => l.msg?.startsWith(text));
    expect(said('Database unreachable')).toHaveLength(1);
    expect(said('Database reachable again')).toHaveLength(1);
    // Nothing else at warn or above but the visits the buffer could not hold (said at most every 10 s).
    expect(
      outage
        .filter((l) => l.level >= 40 && !l.msg?.startsWith('Database unreachable') && !l.msg?.startsWith('Visit buffer full'))
        .map((l) => `${l.context}: ${l.msg}`),
    ).toEqual([]);
  }, 120_000);
});
