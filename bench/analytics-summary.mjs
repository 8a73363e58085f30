// Benchmark: GET /v1/analytics/summary over 1,000,000 seeded view/click facts.
// Run with `npm run bench:analytics` (builds first). Uses a fresh database (dropped at the end) on the server
// `npm start` uses: DATABASE_URL's, else the embedded PostgreSQL in DATA_DIR (bench/database.mjs). Prints the
// latency distribution of the whole request (auth, quota, rate limit, the queries) through Fastify's inject, and
// of the query alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { benchDatabase } from './database.mjs';

const FACTS = Number(process.env.BENCH_FACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const { migrate } = await import('../dist/platform/database/orm.js');
const { loadConfig } = await import('../dist/platform/config/config.js');
const { createHttpApp } = await import('../dist/http-app.js');
const { CommandBus, QueryBus } = await import('@nestjs/cqrs');
const { CreateWorkspaceCommand, CreateApiKeyCommand } = await import('../dist/access/index.js');
const { GetAnalyticsSummaryQuery } = await import('../dist/analytics/index.js');

const dir = mkdtempSync(join(tmpdir(), 'bp-bench-'));
const database = await benchDatabase();
const dbUrl = database.url;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return (
    `p50 ${pct(s, 50).toFixed(2)} ms, p95 ${pct(s, 95).toFixed(2)} ms, ` +
    `p99 ${pct(s, 99).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms`
  );
};

try {
  await migrate(dbUrl);
  const config = loadConfig({ DATABASE_URL: dbUrl, DATA_DIR: dir, RATE_LIMIT_BURST_REQUESTS: '1000000', LOG_LEVEL: 'silent' });
  const { app } = await createHttpApp(
    config,
    { databaseUrl: dbUrl, secretKey: Buffer.alloc(32, 7), runWorkers: false },
    pino({ level: 'silent' }),
  );
  await app.getHttpAdapter().getInstance().ready();
  const commands = app.get(CommandBus);
  const ws = await commands.execute(new CreateWorkspaceCommand('Bench', 'pro'));
  const key = await commands.execute(new CreateApiKeyCommand(ws.id, 'live', undefined, null));

  // Seed: FACTS raw facts over the last 90 days (20 pages, 200 links, 12 referrers, ~50k visitors), then the
  // daily rollups derived from them exactly as the live site maintains them.
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const t0 = performance.now();
  await db.query(
    `INSERT INTO pages (id, workspace_id, title, slug, status, locale, theme, draft_blocks, draft_updated_at, created_at)
                  SELECT 'pg_b' || g, $1, 'Page ' || g, 'bench-' || g, 'PUBLISHED', 'en', 'classic', '[]', now(), now()
                    FROM generate_series(1, 20) g`,
    [ws.id],
  );
  await db.query(
    `INSERT INTO analytics_facts (workspace_id, page_id, block_id, kind, referrer, visitor_hash, occurred_at)
     SELECT $1, 'pg_b' || (1 + g % 20),
            CASE WHEN g % 4 = 0 THEN 'blk_' || (g % 200) END,
            CASE WHEN g % 4 = 0 THEN 'CLICK' ELSE 'VIEW' END,
            (ARRAY['Direct','instagram.com','t.co','youtube.com','tiktok.com','facebook.com','google.com','reddit.com',
                   'linkedin.com','news.ycombinator.com','bing.com','duckduckgo.com'])[1 + g % 12],
            'v' || (g::bigint * 7919) % 50000,
            now() - make_interval(secs => (g % (90 * 86400)))
       FROM generate_series(1, $2) g`,
    [ws.id, FACTS],
  );
  await db.query(`INSERT INTO analytics_daily_visitors (workspace_id, day, visitor_hash)
                  SELECT DISTINCT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date, visitor_hash FROM analytics_facts`);
  await db.query(`INSERT INTO analytics_daily_totals (workspace_id, day, views, clicks, unique_visitors)
                  SELECT f.workspace_id, f.day, f.views, f.clicks, v.n
                    FROM (SELECT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date AS day,
                                 count(*) FILTER (WHERE kind = 'VIEW') AS views,
                                 count(*) FILTER (WHERE kind = 'CLICK') AS clicks FROM analytics_facts GROUP BY 1, 2) f
                    JOIN (SELECT workspace_id, day, count(*) AS n FROM analytics_daily_visitors GROUP BY 1, 2) v
                   USING (workspace_id, day)`);
  await db.query(`INSERT INTO analytics_daily_links (workspace_id, day, block_id, page_id, label, url, clicks)
                  SELECT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date, block_id, min(page_id),
                         'Link ' || block_id, 'https://example.com/' || block_id, count(*)
                    FROM analytics_facts WHERE kind = 'CLICK' GROUP BY 1, 2, 3`);
  await db.query(`INSERT INTO analytics_daily_referrers (workspace_id, day, referrer, views)
                  SELECT workspace_id, (occurred_at AT TIME ZONE 'UTC')::date, referrer, count(*)
                    FROM analytics_facts WHERE kind = 'VIEW' GROUP BY 1, 2, 3`);
  await db.query(
    `INSERT INTO sales (id, workspace_id, kind, gross_amount_cents, net_amount_cents, currency, customer_email, created_at, refunded_at)
                  SELECT 'sale_b' || g, $1, 'TIP', 500, 450, 'usd', 'fan' || (g % 3000) || '@example.com',
                         now() - make_interval(secs => (g::bigint * 97) % (90 * 86400)),
                         CASE WHEN g % 25 = 0 THEN now() END FROM generate_series(1, 20000) g`,
    [ws.id],
  );
  await db.query('ANALYZE');
  const seeded = (performance.now() - t0) / 1000;
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM analytics_facts`);
  await db.end();

  const auth = { authorization: `Bearer ${key.key}` };
  const http = [];
  const query = [];
  const queries = app.get(QueryBus);
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: '/v1/analytics/summary?range_days=90', headers: auth }); // warm-up
  let last;
  for (let i = 0; i < RUNS; i++) {
    const range = [7, 30, 90][i % 3];
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/v1/analytics/summary?range_days=${range}`, headers: auth });
    http.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`summary answered ${res.statusCode}: ${res.body}`);
    if (range === 90) last = res.json();
    t = performance.now();
    await queries.execute(new GetAnalyticsSummaryQuery(ws.id, range));
    query.push(performance.now() - t);
  }
  await app.close();
  console.log(`facts: ${rows[0].n.toLocaleString('en')} (seeded in ${seeded.toFixed(1)} s); ${RUNS} requests, range_days 7/30/90 in turn`);
  console.log(`GET /v1/analytics/summary (whole request): ${fmt(http)}`);
  console.log(`summary queries alone:                    ${fmt(query)}`);
  console.log(`90-day totals: ${JSON.stringify(last.totals)}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await database.drop().catch((err) => console.error(`The bench's database was not dropped: ${err.message}`));
  rmSync(dir, { recursive: true, force: true });
}
