// Integration tests run against a real PostgreSQL: the server of DATABASE_URL when it is set, else an
// embedded one started here. A template database is migrated once; each test file clones it.
// The project is compiled first (when out of date): the CLI tests run the compiled CLI, and this file uses the compiled
// embedded-postgres and migration code (jest's module mapping does not apply to globalSetup).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export default async function globalSetup() {
  // Each project that runs (integration, processes) calls this; the first one sets up for both.
  if (globalThis.__templateDb) return;
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 24 || (major === 24 && minor < 9)) {
    throw new Error(`Tests need Node >= 24.9 (running ${process.versions.node}); run them with npm test.`);
  }
  // Built only when dist/ is older than the sources (scripts/ensure-built.mjs, shared with npm start and the CLI).
  execFileSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });
  const { startEmbeddedPostgres } = await import('../../dist/platform/database/embedded-postgres.js');
  const { migrate } = await import('../../dist/platform/database/orm.js');

  let adminUrl;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bp-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir, 'postgres_admin');
    globalThis.__embeddedPg = embedded;
    globalThis.__embeddedDir = dir;
    adminUrl = embedded.url;
  }
  const template = `bp_tpl_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${template}`);
  await client.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await migrate(templateUrl.toString());
  process.env.TEST_ADMIN_URL = adminUrl;
  process.env.TEST_TEMPLATE_DB = template;
  globalThis.__templateDb = { adminUrl, template };
}
