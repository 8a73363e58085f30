import { rmSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown() {
  const tpl = globalThis.__templateDb;
  if (tpl) {
    const client = new pg.Client({ connectionString: tpl.adminUrl });
    await client.connect();
    const dbs = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `${tpl.template}_%`,
      tpl.template,
    ]);
    for (const { datname } of dbs.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    await client.end();
  }
  await globalThis.__embeddedPg?.stop();
  if (globalThis.__embeddedDir) rmSync(globalThis.__embeddedDir, { recursive: true, force: true });
}
