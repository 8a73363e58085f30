import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestApp } from './test-app.js';

/**
 * A logical dump of every table in the database, as text (what a leaked backup would reveal). `omit` leaves named
 * columns of named tables out (a column a test proves holds what it may keep, by a query of its own).
 */
export async function dumpDatabase(t: TestApp, omit: Record<string, readonly string[]> = {}): Promise<string> {
  const tables = await t.sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const left = omit[table_name];
    const rows = left
      ? await t.sql<{ row: string }>(`SELECT (to_jsonb(t) - $1::text[])::text AS row FROM "${table_name}" t`, [[...left]])
      : await t.sql<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
    parts.push(`-- ${table_name}\n${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

/** The machine's pg_dump (PostgreSQL 15 here; PG_DUMP names another), and its major version. */
const PG_DUMP = process.env.PG_DUMP ?? ['/usr/lib/postgresql/15/bin/pg_dump'].find((p) => existsSync(p)) ?? 'pg_dump';
const PG_DUMP_MAJOR = Number(/(\d+)\./.exec(spawnSync(PG_DUMP, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? 0);

/**
 * A full `pg_dump --inserts` of the test database, as text; fails when it cannot run. A pg_dump refuses a newer
 * server: against the embedded PostgreSQL (18) of CI's second run, where no pg_dump 18 is installed, it answers ''
 * and the row-by-row dump above stands alone (the first run, on the machine's PostgreSQL, has both).
 */
export async function pgDump(t: TestApp): Promise<string> {
  const [{ major }] = await t.sql<{ major: number }>(`SELECT current_setting('server_version_num')::int / 10000 AS major`);
  if (major > PG_DUMP_MAJOR && !process.env.PG_DUMP) return '';
  return new Promise((resolve, reject) => {
    execFile(PG_DUMP, ['--inserts', t.databaseUrl], { maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${PG_DUMP}: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
}
