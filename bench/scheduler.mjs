// The publish scheduler (issue 27, decisions.md "Many processes"): PAGES pages (default 10,000) scheduled for one
// instant, published by two worker processes; timed from that instant until every page is live. One page is built
// through the API (blocks, then a schedule), the others are SQL copies of its row under other ids and slugs (its
// slug claimed in page_slugs as the API's writes keep it), checked by reading one back through the API. Then every
// page's schedule is set to one instant a few seconds ahead while the workers run (every role, as `npm run worker`
// starts them, unless BENCH_SCHEDULER_ROLES names others). Checked: every page live with its draft's blocks, exactly
// one page.published outbox row per page, a copy's live page answering on the live site. Run alone with
// BENCH_ONLY=scheduler; BENCH_SCHEDULER_PAGES changes the count.
import pg from 'pg';

const PAGES = Number(process.env.BENCH_SCHEDULER_PAGES ?? 10_000);
const BLOCKS = 5;
const LEAD_MS = 3_000;
const LIMIT_MS = 600_000;

/** Returns the table rows. `ctx`: the bench's launch, freePort, sleep, stopGracefully, cpuOf, common env, auth, dbUrl. */
export async function schedulerBench({ launch, freePort, sleep, stopGracefully, cpuOf, common, auth, dbUrl }) {
  const port = await freePort();
  const api = await launch('dist/main.js', { ...common, PORT: String(port), RUN_WORKERS: 'false' }, port);
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const workers = [];
  try {
    let page = await call('POST', '/v1/pages', { title: 'Scheduled bench page' });
    for (let i = 0; i < BLOCKS; i++)
      page = await call('POST', `/v1/pages/${page.id}/blocks`, {
        expected_updated_at: page.draft.updated_at,
        kind: 'LINK',
        data: { url: `https://example.com/launch/${i}`, title: `Link ${i}` },
      });
    await call('POST', `/v1/pages/${page.id}/publish`, { starts_at: new Date(Date.now() + 3_600_000).toISOString() });

    // Seed: PAGES - 1 copies of the scheduled page's row, each with its own id and slug, the slug claimed.
    const t0 = performance.now();
    await db.query(`CREATE TEMP TABLE template AS SELECT * FROM pages WHERE id = $1`, [page.id]);
    await db.query(
      `INSERT INTO pages SELECT (jsonb_populate_record(t, jsonb_build_object('id', t.id || '_' || g, 'slug', 'launch-' || g,
                                                                             'title', 'Launch ' || g))).*
         FROM template t, generate_series(1, $1::int) g`,
      [PAGES - 1],
    );
    await db.query(
      `INSERT INTO page_slugs (slug, workspace_id, page_id) SELECT 'launch-' || g, t.workspace_id, t.id || '_' || g
         FROM template t, generate_series(1, $1::int) g`,
      [PAGES - 1],
    );
    await db.query('ANALYZE pages; ANALYZE page_slugs');
    const seedSeconds = (performance.now() - t0) / 1000;
    const copy = await call('GET', `/v1/pages/${page.id}_${PAGES - 1}`);
    if (copy.status !== 'DRAFT' || copy.draft.blocks.length !== BLOCKS || copy.slug !== `launch-${PAGES - 1}`)
      throw new Error(`a seeded copy does not read back as the API's page: ${JSON.stringify(copy)}`);

    const roles = process.env.BENCH_SCHEDULER_ROLES ? { WORKER_ROLES: process.env.BENCH_SCHEDULER_ROLES } : {};
    const env = { ...common, ...roles, LOG_LEVEL: 'info' };
    workers.push(...(await Promise.all([1, 2].map(() => launch('dist/worker.js', env, /workers running/)))));

    const { workspace_id: workspaceId } = (await db.query(`SELECT workspace_id FROM pages WHERE id = $1`, [page.id])).rows[0];
    const due = new Date(Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000);
    await db.query(`UPDATE pages SET scheduled_publish_at = $1 WHERE workspace_id = $2`, [due, workspaceId]);
    const cpu0 = workers.map((w) => cpuOf(w.pid));
    while (Date.now() < due.getTime()) await sleep(5);
    let live = 0;
    for (const end = Date.now() + LIMIT_MS; live < PAGES && Date.now() < end;) {
      await sleep(50);
      live = Number(
        (await db.query(`SELECT count(*) AS n FROM pages WHERE workspace_id = $1 AND status = 'PUBLISHED'`, [workspaceId])).rows[0].n,
      );
    }
    const wallSeconds = (Date.now() - due.getTime()) / 1000;
    // The workers' CPU only: PostgreSQL's, read from /proc, would count every other database client of the machine.
    const cpu = workers.reduce((sum, w, i) => sum + cpuOf(w.pid) - cpu0[i], 0);
    // From the instant to the last page's live_updated_at (the publishing worker's clock), not the 50 ms poll.
    const { rows: timing } = await db.query(
      `SELECT extract(epoch FROM max(live_updated_at) - $2::timestamptz) AS seconds, count(*) AS live,
              count(*) FILTER (WHERE live_blocks::text = draft_blocks::text AND scheduled_publish_at IS NULL) AS complete
         FROM pages WHERE workspace_id = $1 AND status = 'PUBLISHED'`,
      [workspaceId, due],
    );
    await sleep(1_000); // nothing more fires
    const { rows: events } = await db.query(
      `SELECT count(*) AS n, count(DISTINCT payload->'data'->'page'->>'id') AS pages FROM outbox
        WHERE workspace_id = $1 AND type = 'page.published'`,
      [workspaceId],
    );
    const seconds = Number(timing[0].seconds);
    const once = Number(events[0].n) === PAGES && Number(events[0].pages) === PAGES && Number(timing[0].complete) === PAGES;
    const site = await fetch(`${base}/p/launch-${PAGES - 1}`);
    const siteOk = site.status === 200 && (await site.text()).includes('Launch ' + (PAGES - 1));
    const rate = PAGES / seconds;
    const fmt = (n) => n.toLocaleString('en-US');
    console.log(
      `scheduler: ${fmt(PAGES)} pages due at one instant → all live in ${seconds.toFixed(1)} s with 2 workers ` +
        `(${Math.round(rate)} pages/s), ${once ? 'each published once' : 'NOT each published once'}`,
    );
    const problems = [];
    if (Number(timing[0].live) !== PAGES) problems.push(`${PAGES - Number(timing[0].live)} not live`);
    if (!once) problems.push(`${events[0].n} page.published rows for ${events[0].pages} pages, ${timing[0].complete} complete`);
    if (!siteOk) problems.push(`live site answered ${site.status}`);
    return [
      [
        `scheduled publishes (${fmt(PAGES)} at one instant, 2 workers)`,
        `${Math.round(rate)} pages/s`,
        `all live in ${seconds.toFixed(1)} s`,
        `(polled: ${wallSeconds.toFixed(1)} s)`,
        problems.length ? problems.join('; ') : 'none',
        `${once ? 'each published once (one page.published row per page)' : 'NOT exactly once'}; ` +
          `worker CPU per publish ${Math.round((cpu / PAGES) * 1e6)} µs (relay included); ` +
          `seeded in ${seedSeconds.toFixed(1)} s`,
      ],
    ];
  } finally {
    await Promise.all(workers.map((w) => stopGracefully(w)));
    await stopGracefully(api);
    await db.end();
  }
}
