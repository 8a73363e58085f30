// `npm run bench:statements`: the CPU cost of preparing one statement for the driver, per call, three ways
// (docs/adr/0027): the old `?` string (numbered once, then a map lookup), a typed Kysely statement built and
// compiled on every call, and the same statement compiled once with `prepared()` and bound per call.
// The statement is the page read of GET /v1/pages/{id}: 14 columns, two conditions. With DATABASE_URL, the
// read is also executed (see below).
import { compileStatement, jsonb, prepared } from '../dist/platform/database/query-builder.js';
import { pages } from '../dist/pages/infrastructure/pages.tables.js';

const N = Number(process.env.BENCH_STATEMENTS ?? 200_000);
const COLUMNS = [
  'id',
  'workspace_id',
  'title',
  'description',
  'slug',
  'status',
  'locale',
  'theme',
  'draft_blocks',
  'draft_updated_at',
  'live_blocks',
  'live_updated_at',
  'scheduled_publish_at',
  'created_at',
];
// What the string form did per call once a text was seen: one map lookup for its numbered text and name.
const text = `SELECT ${COLUMNS.join(', ')} FROM pages WHERE id = ? AND workspace_id = ?`;
const cache = new Map([[text, { text: text.replace('= ?', '= $1').replace('= ?', '= $2'), name: 's1' }]]);
const asString = (id, ws) => {
  const c = cache.get(text);
  return { text: c.text, name: c.name, values: [id, ws] };
};
const built = (id, ws) => compileStatement(pages.selectFrom('pages').select(COLUMNS).where('id', '=', id).where('workspace_id', '=', ws));
const once = prepared((p) => pages.selectFrom('pages').select(COLUMNS).where('id', '=', p.id).where('workspace_id', '=', p.ws));
const bound = (id, ws) => once({ id, ws });

function measure(name, fn) {
  for (let i = 0; i < 20_000; i++) fn(`pg_${i}`, 'ws'); // warm up
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn(`pg_${i}`, 'ws');
  const ns = Number(process.hrtime.bigint() - start) / N;
  console.log(`${name.padEnd(44)} ${(ns / 1000).toFixed(2).padStart(6)} µs per call`);
}
measure('string with ? placeholders (before)', asString);
measure('typed, built and compiled per call', built);
measure('typed, prepared() once, bound per call', bound);

// With DATABASE_URL, the same read executed against PostgreSQL, one at a time (round trip included), by `Sql`
// (built per call, and prepared once) and by MikroORM's own typed Kysely (`em.getKysely()`, entities registered).
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const { migrate, ormOptions } = await import('../dist/platform/database/orm.js');
  const { Sql } = await import('../dist/platform/database/sql.js');
  const { tables } = await import('../dist/tables.js');
  const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 20_000);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const database = `bp_statements_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${database}`;
  try {
    await migrate(url.toString());
    const orm = await MikroORM.init({ ...ormOptions(url.toString(), 4, { rowTypes: true }), entities: tables });
    const db = new Sql(await orm.em.getConnection().getNativeClient());
    const { access } = await import('../dist/access/infrastructure/access.tables.js');
    const now = new Date();
    await db.all(access.insertInto('workspaces').values({ id: 'ws', name: 'Bench', plan: 'pro', created_at: now, updated_at: now }));
    await db.all(
      pages.insertInto('pages').values({
        id: 'pg_1',
        workspace_id: 'ws',
        title: 'Bench',
        slug: 'bench',
        status: 'DRAFT',
        locale: 'en',
        theme: 'DEFAULT',
        draft_blocks: jsonb([]),
        draft_updated_at: now,
        created_at: now,
      }),
    );
    const kysely = orm.em.fork().getKysely();
    const ways = {
      'Sql, built and compiled per call': () =>
        db.one(pages.selectFrom('pages').select(COLUMNS).where('id', '=', 'pg_1').where('workspace_id', '=', 'ws')),
      'Sql, prepared() once': () => db.one(once({ id: 'pg_1', ws: 'ws' })),
      'MikroORM em.getKysely().execute()': () =>
        kysely.selectFrom('pages').select(COLUMNS).where('id', '=', 'pg_1').where('workspace_id', '=', 'ws').executeTakeFirst(),
    };
    for (const [name, read] of Object.entries(ways)) {
      for (let i = 0; i < 2_000; i++) await read();
      const start = process.hrtime.bigint();
      for (let i = 0; i < ROUND_TRIPS; i++) await read();
      const us = Number(process.hrtime.bigint() - start) / ROUND_TRIPS / 1000;
      console.log(`${name.padEnd(44)} ${us.toFixed(1).padStart(6)} µs per read (round trip included)`);
    }
    await orm.close(true);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
