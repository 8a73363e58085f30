// The bench's database: a fresh one (dropped at the end) on the server `npm start` uses in this folder and
// environment, .env included: DATABASE_URL's, else the embedded PostgreSQL in DATA_DIR (./.data), started the same
// way, as root too (src/platform/database/scratch-database.ts). Where `npm start` would stop with one line naming
// the fix, so does the bench.
import { config as loadDotenv } from 'dotenv';

export async function benchDatabase(prefix = 'bp_bench') {
  loadDotenv({ quiet: true });
  const { scratchDatabase } = await import('../dist/platform/database/scratch-database.js');
  const { EmbeddedPostgresUnavailable } = await import('../dist/platform/database/embedded-postgres.js');
  try {
    return await scratchDatabase(process.env, prefix);
  } catch (err) {
    if (!(err instanceof EmbeddedPostgresUnavailable)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
