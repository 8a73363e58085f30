import type { TestApp } from './test-app.js';

/** A logical dump of every table in the database, as text (what a leaked backup would reveal). */
export async function dumpDatabase(t: TestApp): Promise<string> {
  const tables = await t.sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await t.sql<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
    parts.push(`-- ${table_name}\n${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}
