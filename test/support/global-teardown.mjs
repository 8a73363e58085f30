import { rmSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown() {
  // Called once per project that ran; the first call tears down what the shared set-up made.
  const tpl = globalThis.__templateDb;
  globalThis.__templateDb = undefined;
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
  const embedded = globalThis.__embeddedPg;
  const dir = globalThis.__embeddedDir;
  globalThis.__embeddedPg = globalThis.__embeddedDir = undefined;
  await embedded?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
