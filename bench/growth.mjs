// Growth (`BENCH_ONLY=growth npm run bench`): do the hot paths stay as fast when the append-only tables hold a year?
// On the bench's fresh database it measures three paths, seeds a year of data with bulk SQL, VACUUM ANALYZEs, and
// measures them again; then it runs the janitor's retention deletes over that year, timing every batch and watching
// the locks they take (and the summary's latency meanwhile), and measures the paths a third time.
//  - the live page GET /p/<slug> through the API process: cold (the first read of each of PAGES pages after a
//    restart, so a database read: the in-memory cache cannot be turned off) and cached (autocannon on one page);
//  - GET /v1/analytics/summary through the API (range_days 7, 30, 90 in turn);
//  - the webhook claim: the dispatcher's claim transaction (due work, the lease on up to 32 deliveries, their
//    envelopes), run with the service's own adapters and rolled back, so each run claims the same 1,000 due
//    deliveries.
// Volumes (BENCH_GROWTH_SCALE multiplies them all; the default seeds in about two minutes on a busy 2-core machine):
// 4 M facts over a year, 10 % of them the measured workspace's, the rest spread over 200 others; daily visitor sets
// of 400 (measured) and 16 (others) a day, 1.3 M rows; 400 k ended deliveries with their envelopes and 2 events
// each; 800 k published outbox rows; 200 k idempotency keys.
import pg from 'pg';
import { seedYear } from './growth-seed.mjs';

const SCALE = Number(process.env.BENCH_GROWTH_SCALE ?? 1);
const FACTS = Math.round(4_000_000 * SCALE);
const DELIVERIES = Math.round(400_000 * SCALE);
const OUTBOX = Math.round(800_000 * SCALE);
const KEYS = Math.round(200_000 * SCALE);
const OTHERS = 200;
const OWN_VISITORS = Math.round(400 * SCALE);
const OTHER_VISITORS = Math.max(1, Math.round(16 * SCALE));
const PAGES = 50;
const PENDING = 1_000;
const RUNS = 60;
const CHUNK = 1_000_000;
// BENCH_GROWTH_PURGE=0 skips the retention run.
const PURGE = process.env.BENCH_GROWTH_PURGE !== '0';

const { Sql } = await import('../dist/platform/database/sql.js');
const { SqlDeliveryQueue, SqlBatchTransactions } = await import('../dist/webhooks/infrastructure/sql-delivery.queue.js');
const { compileStatement } = await import('../dist/platform/database/query-builder.js');
const { GetAnalyticsSummaryHandler } =
  await import('../dist/analytics/application/queries/get-analytics-summary/get-analytics-summary.handler.js');
const { GetAnalyticsSummaryQuery } = await import('../dist/analytics/index.js');

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const n = (x) => Math.round(x).toLocaleString('en');
const since = (t0) => (performance.now() - t0) / 1000;
class Rollback extends Error {}

export async function growthBench({ launch, freePort, stopGracefully, cannon, common, auth, ws, dbUrl }) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  pool.on('error', () => undefined);
  const q = (text, params) => pool.query(text, params);
  const sql = new Sql(pool);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const apiEnv = { ...common, PORT: String(port), RUN_WORKERS: 'false', SITE_VIEWS_PER_ADDRESS_PER_MINUTE: '1000000' };
  const wsId = ws.id;
  const call = async (method, path, body) =>
    (await fetch(base + path, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) })).json();
  try {
    // The measured workspace's pages (one more to warm a restarted process up), its endpoint and due deliveries.
    let api = await launch('dist/main.js', apiEnv, port);
    const slugs = [];
    for (let i = 0; i <= PAGES; i++) {
      let page = await call('POST', '/v1/pages', { title: `Growth page ${i}` });
      for (let b = 0; b < 3; b++)
        page = await call('POST', `/v1/pages/${page.id}/blocks`, {
          expected_updated_at: page.draft.updated_at,
          kind: 'LINK',
          data: { url: `https://example.com/${i}/${b}`, title: `Link ${b}` },
        });
      slugs.push((await call('POST', `/v1/pages/${page.id}/publish`, {})).page.slug);
    }
    await stopGracefully(api);
    await seedEndpointsAndDue(q, ws.id);

    const measure = async () => {
      api = await launch('dist/main.js', apiEnv, port);
      try {
        for (let i = 0; i < 20; i++) await (await fetch(`${base}/p/${slugs[0]}`)).arrayBuffer(); // warm-up, not measured
        const cold = [];
        for (const slug of slugs.slice(1)) {
          const t = performance.now();
          const res = await fetch(`${base}/p/${slug}`);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`/p/${slug} answered ${res.status}`);
          cold.push(performance.now() - t);
        }
        // Cached: the median of three 4-second runs (the machine is shared; one run is noisy).
        await cannon({ url: `${base}/p/${slugs[1]}`, duration: 2 });
        const runs = [];
        for (let r = 0; r < 3; r++) runs.push(await cannon({ url: `${base}/p/${slugs[1]}`, duration: 4 }));
        const cached = runs.sort((a, b) => a.requests.average - b.requests.average)[1];
        const summary = await summaryTimes(base, auth, RUNS);
        const claim = await claimTimes(sql, RUNS);
        return { cold, cached, summary, claim, buffers: await buffersTouched(sql, wsId) };
      } finally {
        await stopGracefully(api);
      }
    };

    const fresh = await measure();
    const t0 = performance.now();
    const seeded = await seedYear(q, ws.id, {
      facts: FACTS,
      deliveries: DELIVERIES,
      outbox: OUTBOX,
      keys: KEYS,
      others: OTHERS,
      ownVisitors: OWN_VISITORS,
      otherVisitors: OTHER_VISITORS,
      chunk: CHUNK,
    });
    const seedSeconds = since(t0);
    const t1 = performance.now();
    await q('VACUUM ANALYZE');
    const vacuumSeconds = since(t1);
    const sizes = await tableSizes(q);
    const year = await measure();
    let purge = null;
    let after = null;
    if (PURGE) {
      api = await launch('dist/main.js', apiEnv, port);
      try {
        purge = await purgeYear(pool, sql, base, auth);
      } finally {
        await stopGracefully(api);
      }
      await q('VACUUM ANALYZE');
      after = await measure();
    }
    return report({ fresh, year, after, purge, seeded, seedSeconds, vacuumSeconds, sizes });
  } finally {
    await pool.end();
  }
}

/** One endpoint per workspace (the measured one's with PENDING due deliveries and their envelopes). */
async function seedEndpointsAndDue(q, own) {
  await q(
    `INSERT INTO workspaces (id, name, plan, created_at, updated_at)
     SELECT 'ws_growth_' || k, 'Growth ' || k, 'pro', now() - interval '400 days', now() FROM generate_series(0, $1 - 1) k`,
    [OTHERS],
  );
  await q(
    `INSERT INTO webhook_endpoints (id, workspace_id, url, event_types, status, secret_encrypted, created_at, updated_at)
     SELECT 'we_growth_' || k, 'ws_growth_' || k, 'https://hooks.example.com/' || k, '{contact.created}'::text[], 'ACTIVE', 'x',
            now() - interval '400 days', now() FROM generate_series(0, $1 - 1) k
     UNION ALL SELECT 'we_growth_own', $2, 'https://hooks.example.com/own', '{contact.created}'::text[], 'ACTIVE', 'x',
            now() - interval '400 days', now()`,
    [OTHERS, own],
  );
  await q(
    `INSERT INTO webhook_messages (event_id, workspace_id, type, body, created_at)
     SELECT 'whmsg_due' || g, $1, 'contact.created', '{"type":"contact.created","data":{}}', now() FROM generate_series(1, $2) g`,
    [own, PENDING],
  );
  await q(
    `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, status, attempt_count, attempts,
                                     next_attempt_at, recorded_while_disabled, version, created_at, attempts_in_cycle)
     SELECT 'whd_due' || g, 'we_growth_own', $1, 'whmsg_due' || g, 'contact.created', 'PENDING', 0, '[]',
            now() - interval '1 minute', false, 1, now(), 0 FROM generate_series(1, $2) g`,
    [own, PENDING],
  );
}

/** The API's summary, range_days 7, 30 and 90 in turn, after a warm-up. */
async function summaryTimes(base, auth, runs) {
  const get = (range) => fetch(`${base}/v1/analytics/summary?range_days=${range}`, { headers: auth });
  for (let i = 0; i < 10; i++) await (await get(90)).arrayBuffer();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await get([7, 30, 90][i % 3]);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`summary answered ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

/**
 * A Sql that runs each statement twice: first under EXPLAIN (ANALYZE, BUFFERS), adding up the shared buffers it
 * touched (a count that the machine's load does not blur, unlike a time), then as itself for the caller's rows.
 */
function explaining(sql, into) {
  const x = Object.create(sql);
  x.all = async (statement) => {
    const q = compileStatement(statement);
    const [row] = await sql.all({ sql: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`, parameters: q.parameters });
    const plan = row['QUERY PLAN'][0].Plan;
    into.buffers += plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    return sql.all(statement);
  };
  return x;
}

/**
 * Shared buffers touched by the summary's own statements (the rollups; its tips and page titles, other contexts',
 * answered empty here) for 90 days, and by the claim transaction's statements.
 */
async function buffersTouched(sql, workspaceId) {
  const summary = { buffers: 0 };
  const none = { execute: async (q) => (q.constructor.name === 'GetTipStatsQuery' ? { count: 0 } : new Map()) };
  await new GetAnalyticsSummaryHandler(explaining(sql, summary), none, { now: () => new Date() }).execute(
    new GetAnalyticsSummaryQuery(workspaceId, 90),
  );
  const claim = { buffers: 0 };
  await claimTimes(explaining(sql, claim), 1, 0);
  return { summary: summary.buffers, claim: claim.buffers };
}

/** The dispatcher's claim transaction (docs/adr/0035) with the service's adapters, rolled back each time. */
async function claimTimes(sql, runs, warmUp = 5) {
  const queue = new SqlDeliveryQueue(sql);
  const tx = new SqlBatchTransactions(sql);
  const times = [];
  for (let i = 0; i < runs + warmUp; i++) {
    const t = performance.now();
    let claimed = 0;
    await tx
      .run(async () => {
        const now = new Date();
        const work = await queue.dueWork({ now, lookAhead: 32 });
        const rows = await queue.claim({
          now,
          leaseSeconds: 30,
          take: new Map(work.due.map((d) => [d.endpointId, Math.min(d.due, 32)])),
          workspaceOf: new Map(work.due.map((d) => [d.endpointId, d.workspaceId])),
        });
        claimed = rows.length;
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
    if (claimed !== 32) throw new Error(`the claim took ${claimed} deliveries, not 32`);
    if (i >= warmUp) times.push(performance.now() - t); // the first ones warm the connection and its plans up
  }
  return times;
}

const TABLES = [
  'analytics_facts',
  'analytics_daily_visitors',
  'webhook_messages',
  'webhook_deliveries',
  'webhook_delivery_events',
  'outbox',
  'idempotency_keys',
];

/** Each append-only table's size with its indexes. */
async function tableSizes(q) {
  const { rows } = await q(`SELECT relname, pg_total_relation_size(oid) AS bytes FROM pg_class WHERE relname = ANY($1) ORDER BY relname`, [
    TABLES,
  ]);
  return rows.map((r) => `${r.relname} ${Math.round(Number(r.bytes) / 1048576)} MiB`).join(', ');
}

/**
 * The janitor's retention deletes over the seeded year, as its tasks run them (the service's own classes on a Sql
 * whose every statement is timed): the batches, the locks the deleting sessions hold (sampled every 20 ms), whether
 * any session waits on a lock, and the summary's and the claim's latency meanwhile.
 */
async function purgeYear(pool, sql, base, auth) {
  const { AnalyticsRetention } = await import('../dist/analytics/infrastructure/analytics-retention.js');
  const { VisitorHashRetention } = await import('../dist/analytics/infrastructure/visitor-retention.js');
  const { WebhookRetention } = await import('../dist/webhooks/infrastructure/webhook-retention.js');
  const { OutboxRelay } = await import('../dist/platform/outbox/outbox-relay.js');
  const { purgeExpiredKeys } = await import('../dist/platform/idempotency/idempotency-retention.js');
  const clock = { now: () => new Date() };
  const config = { retentionDays: { analyticsFacts: 180, webhookDeliveries: 30 } };
  const batches = [];
  const plans = new Map();
  let task = '';
  const timed = Object.create(sql);
  timed.all = async (statement) => {
    // Each distinct statement's plan, once: the scans it makes (an index, never a sequential scan of a big table).
    const compiled = compileStatement(statement);
    const { sql: text, parameters } = compiled;
    if (!plans.has(text)) {
      // Inside the task's transaction when it has one, under the settings it made there (useIndexPlans, sql-delivery.queue.ts).
      const explain = { ...compiled, sql: `EXPLAIN ${text}` };
      const { rows } = sql.inTransaction() ? { rows: await sql.all(explain) } : await pool.query(`EXPLAIN ${text}`, parameters);
      const scans = rows.map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, '')).filter((l) => / Scan /.test(l));
      plans.set(text, `${task}: ${scans.map((l) => l.replace(/\s+\(cost.*$/, '')).join('; ')}`);
    }
    const t = performance.now();
    const rows = await sql.all(statement);
    batches.push({ task, ms: performance.now() - t, rows: rows.length });
    return rows;
  };
  const tasks = [
    ['raw analytics facts (180 days)', () => new AnalyticsRetention(timed, clock, config).purge()],
    ['daily visitor hashes (90 days)', () => new VisitorHashRetention(timed, clock).purge()],
    ['webhook deliveries and envelopes (30 days after the end)', () => new WebhookRetention(timed, clock, config).purge()],
    // The relay's method on the timed Sql (it reads nothing else of its instance).
    ['published outbox rows (7 days)', () => OutboxRelay.prototype.purgeProcessed.call({ db: timed }, 7)],
    ['idempotency keys (24 h)', () => purgeExpiredKeys(timed, 24)],
  ];

  const watcher = new pg.Client({ connectionString: pool.options.connectionString });
  await watcher.connect();
  const locks = new Map();
  let waiting = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      const { rows } = await watcher.query(
        `SELECT c.relname, l.mode FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
           JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE a.state = 'active' AND a.query ILIKE 'delete from%' AND l.granted AND c.relkind = 'r'
            AND a.datname = current_database()`,
      );
      for (const r of rows) locks.set(`${r.relname}: ${r.mode}`, true);
      const w = await watcher.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      waiting = Math.max(waiting, w.rows[0].n);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const during = { summary: [], claim: [] };
  const probe = (async () => {
    while (!done) {
      during.summary.push(...(await summaryTimes(base, auth, 3)));
      during.claim.push(...(await claimTimes(sql, 1)));
    }
  })();
  const results = [];
  const t0 = performance.now();
  try {
    for (const [name, run] of tasks) {
      task = name;
      const t = performance.now();
      const rows = await run();
      const mine = batches.filter((b) => b.task === name);
      results.push({ name, rows, seconds: since(t), batches: mine.length, longest: Math.max(...mine.map((b) => b.ms)) });
    }
  } finally {
    done = true;
    await Promise.all([watch, probe]);
    await watcher.end();
  }
  return { results, seconds: since(t0), locks: [...locks.keys()].sort(), waiting, during, plans: [...plans.values()] };
}

function report({ fresh, year, after, purge, seeded, seedSeconds, vacuumSeconds, sizes }) {
  const lines = [];
  const row = (name, unit, pick, better) => {
    const [f, y] = [pick(fresh), pick(year)];
    const a = after ? `; after the retention run ${unit(pick(after))} (${(pick(after) / f).toFixed(2)}×)` : '';
    lines.push(`${name}: fresh ${unit(f)} / a year of data ${unit(y)} (${(y / f).toFixed(2)}×, ${better})${a}`);
  };
  const p50 = (key) => (m) => pct(m[key], 50);
  const p95 = (key) => (m) => pct(m[key], 95);
  row(`live page, cold read (first GET of ${PAGES} pages after a restart) p50`, ms, p50('cold'), 'lower is better');
  row('live page, cold read p95', ms, p95('cold'), 'lower is better');
  row(
    'live page, cached (64 connections, median of 3 × 4 s)',
    (x) => `${n(x)} req/s`,
    (m) => m.cached.requests.average,
    'higher is better',
  );
  row('live page, cached p99', ms, (m) => m.cached.latency.p99, 'lower is better');
  row(`GET /v1/analytics/summary (${RUNS} requests, 7/30/90 days) p50`, ms, p50('summary'), 'lower is better');
  row('GET /v1/analytics/summary p95', ms, p95('summary'), 'lower is better');
  row(`webhook claim transaction (32 of ${n(PENDING)} due, ${RUNS} runs) p50`, ms, p50('claim'), 'lower is better');
  row('webhook claim transaction p95', ms, p95('claim'), 'lower is better');
  const blocks = (x) => `${n(x)} buffers`;
  row('summary statements (90 days), shared buffers touched', blocks, (m) => m.buffers.summary, 'lower is better');
  row('claim transaction statements, shared buffers touched', blocks, (m) => m.buffers.claim, 'lower is better');
  const s = seeded;
  lines.push(
    `seeded: ${n(s.facts)} facts, ${n(s.visitors)} daily visitor hashes, ${n(s.deliveries)} ended deliveries with ` +
      `their envelopes and ${n(s.events)} events, ${n(s.outbox)} published outbox rows, ${n(s.keys)} idempotency keys ` +
      `in ${seedSeconds.toFixed(0)} s; VACUUM ANALYZE ${vacuumSeconds.toFixed(0)} s; sizes: ${sizes}`,
  );
  if (purge) {
    for (const r of purge.results)
      lines.push(
        `retention run, ${r.name}: ${n(r.rows)} rows in ${r.batches} batches, ${r.seconds.toFixed(1)} s; ` +
          `longest batch ${ms(r.longest)}`,
      );
    lines.push(
      `retention run: ${purge.seconds.toFixed(0)} s in all; locks the deleting statements held: ${purge.locks.join(', ')}; ` +
        `most sessions waiting on a lock at once: ${purge.waiting}; meanwhile the summary p50 ${ms(pct(purge.during.summary, 50))} ` +
        `max ${ms(Math.max(...purge.during.summary))}, the claim p50 ${ms(pct(purge.during.claim, 50))} ` +
        `max ${ms(Math.max(...purge.during.claim))}`,
    );
    for (const plan of purge.plans) lines.push(`retention plan, ${plan}`);
  }
  return lines;
}
