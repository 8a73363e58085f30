// `npm run bench:statements`: the CPU cost of preparing one statement for the driver, per call, three ways
// (docs/adr/0027): the old `?` string (numbered once, then a map lookup), a typed Kysely statement built and
// compiled on every call, and the same statement compiled once with `prepared()` and bound per call.
// The statement is the page read of GET /v1/pages/{id}: 14 columns, two conditions. No database is involved.
import { compileStatement, prepared } from '../dist/platform/database/query-builder.js';
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
