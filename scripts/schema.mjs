// Schema tools on the compiled project (npm run schema:check, npm run schema:migration -- <name>), docs/adr/0027.
// Both migrate a scratch database (on DATABASE_URL's server, else an embedded PostgreSQL) and compare it with the
// table definitions. `check` prints the difference and fails when there is one; `migration` writes it as the next
// migration under src/platform/database/migrations/ and lists it in index.ts, to be reviewed before it is committed.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../dist/platform/database/embedded-postgres.js';
import { migrate } from '../dist/platform/database/orm.js';
import { schemaDifference, schemaMigration } from '../dist/platform/database/schema-check.js';
import { tables } from '../dist/tables.js';

const [command, name] = process.argv.slice(2);
if (command !== 'check' && !(command === 'migration' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name ?? ''))) {
  console.error('usage: node scripts/schema.mjs check | migration <kebab-case-name>');
  process.exit(2);
}

async function withScratchDatabase(use) {
  let adminUrl = process.env.DATABASE_URL;
  let embedded;
  const dir = mkdtempSync(join(tmpdir(), 'bp-schema-'));
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(dir, 'postgres_admin');
    adminUrl = embedded.url;
  }
  const database = `bp_schema_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  try {
    await migrate(url.toString());
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const folder = 'src/platform/database/migrations';
if (command === 'check') {
  const difference = await withScratchDatabase((url) => schemaDifference(url, tables));
  if (difference) {
    console.error('The table definitions and the migrated schema differ. To agree, the schema would need:\n\n' + difference);
    console.error('\nWrite a migration (npm run schema:migration -- <name>) or fix the definition.');
    process.exit(1);
  }
  console.log('The table definitions match the migrated schema.');
} else {
  const { up, down } = await withScratchDatabase((url) => schemaMigration(url, tables));
  if (!up) {
    console.log('Nothing to migrate: the table definitions match the migrated schema.');
    process.exit(0);
  }
  const numbers = readdirSync(folder)
    .map((f) => /^(\d{4})-/.exec(f)?.[1])
    .filter(Boolean)
    .map(Number);
  const number = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  const file = `${number}-${name}`;
  const className = `Migration${number}${name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase())}`;
  if (existsSync(join(folder, `${file}.ts`))) throw new Error(`${file}.ts exists`);
  const indent = (sql) => sql.replace(/\n/g, '\n      ');
  writeFileSync(
    join(folder, `${file}.ts`),
    `import { Migration } from '@mikro-orm/migrations';

/** TODO: say why. Generated from the table definitions; review every statement before committing. */
export class ${className} extends Migration {
  override up(): void {
    this.addSql(\`
      ${indent(up)}
    \`);
  }
${down ? `\n  // Down, for reference (migrations only go forward here):\n  // ${down.replace(/\n/g, '\n  // ')}\n` : ''}}
`,
  );
  const index = join(folder, 'index.ts');
  let text = readFileSync(index, 'utf8');
  text = text.replace(/\n\n\/\*\*/, (m) => `\nimport { ${className} } from './${file}.js';` + m);
  text = text.replace(/\n\];\s*$/, `\n  { name: '${file}', class: ${className} },\n];\n`);
  writeFileSync(index, text);
  console.log(`Wrote ${folder}/${file}.ts and listed it in index.ts. Review it, then run npm run schema:check.`);
}
