import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../config/config.js';
import type { EmbeddedDatabase } from './embedded-postgres.js';

export interface ScratchDatabase {
  /** The new, empty database. */
  url: string;
  /** Whether it lives on the embedded PostgreSQL (DATABASE_URL unset). */
  embedded: boolean;
  /** Drops the database, and stops the embedded PostgreSQL if this call started it. */
  drop(): Promise<void>;
}

/**
 * A fresh database of its own for a bench or a one-off tool, on the server `npm start` uses in the same folder and
 * environment: DATABASE_URL's, else the embedded PostgreSQL in DATA_DIR (default ./.data), started the way
 * `npm start` starts it (as root too: it runs as the `postgres` user) or shared if a process of the project runs it.
 * Throws EmbeddedPostgresUnavailable, whose message names the fix, where `npm start` would stop with it.
 */
export async function scratchDatabase(env: NodeJS.ProcessEnv, prefix = 'scratch'): Promise<ScratchDatabase> {
  let adminUrl = env.DATABASE_URL || undefined;
  let server: EmbeddedDatabase | null = null;
  if (!adminUrl) {
    // Imported only when used: the package installs exit hooks that own SIGINT/SIGTERM.
    const { startEmbeddedPostgres } = await import('./embedded-postgres.js');
    server = await startEmbeddedPostgres(loadConfig({ DATA_DIR: env.DATA_DIR }).dataDir);
    const url = new URL(server.url);
    url.pathname = '/postgres'; // always there, whichever database the cluster was created with
    adminUrl = url.toString();
  }
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (err) {
    await server?.stop();
    throw err;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: server !== null,
    drop: async () => {
      try {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await server?.stop();
      }
    },
  };
}
