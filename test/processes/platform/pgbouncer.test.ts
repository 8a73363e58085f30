import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { createHttpApp } from '../../../src/http-app.js';
import { migrations } from '../../../src/platform/database/migrations/index.js';
import { migrate } from '../../../src/platform/database/orm.js';
import { sql } from '../../../src/platform/database/query-builder.js';
import { Sql } from '../../../src/platform/database/sql.js';
import type { HttpApp } from '../../../src/platform/http/http-app.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiCall, apiOk } from '../../support/api-calls.js';
import { startTestApp, withDatabase, type TestApp } from '../../support/test-app.js';
import { installDebianPackage, stopDaemon } from '../../support/daemons.js';

const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Debian's PgBouncer in transaction mode, in a temp directory, on a free loopback port, in front of the test's
 * PostgreSQL (docs/adr/0050). `strict` is the `postgres` database behind a pool of one server connection, where
 * a statement name prepared by one client is always met again by the next.
 */
class Pgbouncer {
  private constructor(
    private readonly proc: ChildProcess,
    private readonly dir: string,
    readonly port: number,
    private readonly user: string,
  ) {}

  static async start(serverUrl: string): Promise<Pgbouncer> {
    installDebianPackage(PGBOUNCER, 'pgbouncer');
    if (!existsSync(PGBOUNCER)) throw new Error(`pgbouncer not found at ${PGBOUNCER}: apt-get install pgbouncer, or set PGBOUNCER_PATH`);
    const server = new URL(serverUrl);
    const user = decodeURIComponent(server.username) || 'postgres';
    const password = decodeURIComponent(server.password);
    const target = `host=${server.hostname} port=${server.port || 5432} user=${user}${password ? ` password=${password}` : ''}`;
    const dir = mkdtempSync(join(tmpdir(), 'bp-pgbouncer-'));
    const port = await freePort();
    writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `strict = ${target} dbname=postgres pool_size=1`,
        `* = ${target}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        'default_pool_size = 20',
        'max_client_conn = 1000',
        'ignore_startup_parameters = extra_float_digits',
        '',
      ].join('\n'),
    );
    // PgBouncer refuses to run as root: it then drops to nobody, who must read its files.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chmodSync(dir, 0o755);
      for (const f of ['users.txt', 'pgbouncer.ini']) chmodSync(join(dir, f), 0o644);
    }
    const proc = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-4_000)));
    const bouncer = new Pgbouncer(proc, dir, port, user);
    for (const deadline = Date.now() + 15_000; ;) {
      const client = new pg.Client({ connectionString: bouncer.url('postgres') });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return bouncer;
      } catch (err) {
        await client.end().catch(() => undefined);
        if (proc.exitCode !== null || Date.now() > deadline) {
          await bouncer.stop();
          throw new Error(`pgbouncer did not start: ${(err as Error).message}\n${stderr}`, { cause: err });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** A URL of `database` through the pooler. */
  url(database: string): string {
    return `postgres://${encodeURIComponent(this.user)}@127.0.0.1:${this.port}/${database}`;
  }

  /** The same database as the direct `url`, through the pooler. */
  via(directUrl: string): string {
    return this.url(new URL(directUrl).pathname.slice(1));
  }

  stop(): Promise<void> {
    return stopDaemon(this.proc, this.dir);
  }
}

/**
 * Behind PgBouncer in transaction mode, Debian's 1.18 included (docs/adr/0050): with DATABASE_PREPARED_STATEMENTS
 * off, the API, its workers and a second application run through the pooler without an error, migrations apply
 * through it, and LISTEN, on DATABASE_LISTEN_URL's direct connection, keeps every live site within a second.
 */
describe('behind PgBouncer in transaction mode', () => {
  let bouncer: Pgbouncer;
  let t: TestApp;
  let other: HttpApp;
  let tenant: Awaited<ReturnType<typeof aTenant>>;
  beforeAll(async () => {
    bouncer = await Pgbouncer.start(process.env.TEST_ADMIN_URL!);
    const env = { DATABASE_PREPARED_STATEMENTS: 'false', RATE_LIMIT_BURST_REQUESTS: '100000' };
    t = await startTestApp({ pooler: (direct) => bouncer.via(direct), env, runWorkers: true });
    other = await createHttpApp(
      t.config,
      { databaseUrl: bouncer.via(t.databaseUrl), secretKey: Buffer.alloc(32, 9), runWorkers: false },
      pino({ level: 'silent' }),
    );
    await other.app.getHttpAdapter().getInstance().ready();
    tenant = await aTenant(t.commands);
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
    await bouncer?.stop();
  });

  it('runs the application through the pooler, and LISTENs on direct connections of its own', async () => {
    expect(t.config.database.listenUrl).toBe(t.databaseUrl);
    // Two applications hear the pages' channel, the workers the outbox's: each on a direct connection.
    for (const [channel, at_least] of [
      ['live_pages', 2],
      ['outbox', 1],
      ['webhook_deliveries', 1],
    ] as const) {
      for (const deadline = Date.now() + 5_000; ;) {
        const [{ n }] = await t.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND query = $1 AND application_name = 'bio-page-listen'`,
          [`LISTEN ${channel}`],
        );
        if (n >= at_least) break;
        if (Date.now() > deadline) throw new Error(`${n} direct listeners on ${channel}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });

  it('fails with named prepared statements through the pooler, and not with unnamed ones', async () => {
    const run = async (preparedStatements: boolean) => {
      const pool = new pg.Pool({ connectionString: bouncer.url('strict'), max: 2 });
      pool.on('error', () => undefined);
      const db = new Sql(pool, pool, { preparedStatements });
      // Two transactions at once on two connections of the app, one server connection behind them.
      const once = () => db.transaction(() => db.all(sql<{ one: number }>`SELECT 1 AS one`));
      const outcomes = await Promise.allSettled([once(), once()]);
      await pool.end();
      return outcomes.map((o) => (o.status === 'fulfilled' ? 'ok' : String((o.reason as Error).message)));
    };
    const named = await run(true);
    expect(named).toContain('ok');
    expect(named.find((o) => o !== 'ok')).toMatch(/prepared statement "q\d+" already exists/);
    expect(await run(false)).toEqual(['ok', 'ok']);
  });

  it('serves hundreds of concurrent reads and writes through two applications with no error', async () => {
    const apps = [t, other.app];
    const failures: string[] = [];
    let requests = 0;
    /** One creator's session: create (idempotently), read, publish, view live, list. */
    const session = async (k: number) => {
      const call = apiCall(apps[k % 2]!, tenant.auth);
      const check = async (res: Awaited<ReturnType<typeof call>>, what: string) => {
        requests++;
        if (res.statusCode >= 300) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return res.statusCode < 300 ? (res.json() as Record<string, never>) : undefined;
      };
      const created = await check(
        await apps[k % 2]!.inject({
          method: 'POST',
          url: '/v1/pages',
          headers: { ...tenant.auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: JSON.stringify({ title: `Pooled ${k}` }),
        }),
        'create',
      );
      if (!created) return;
      const id = created['id'] as string;
      await check(await call('GET', `/v1/pages/${id}`), 'read');
      await check(await call('POST', `/v1/pages/${id}/publish`, {}), 'publish');
      requests++;
      const live = await apps[(k + 1) % 2]!.inject({ method: 'GET', url: `/p/${created['slug'] as string}` });
      if (live.statusCode !== 200) failures.push(`live: ${live.statusCode}`);
      await check(await call('GET', '/v1/pages?limit=20'), 'list');
    };
    const sessions = 60;
    const atOnce = 8;
    let next = 0;
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < sessions) await session(next++);
      }),
    );
    expect(failures).toEqual([]);
    expect(requests).toBe(sessions * 5);
    // The workers relayed every event those writes recorded, through the pooler.
    for (const deadline = Date.now() + 10_000; ;) {
      const [{ n }] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE processed_at IS NULL');
      if (n === 0) break;
      if (Date.now() > deadline) throw new Error(`${n} outbox rows not relayed`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('shows a change made through one application on the live site of the other within a second', async () => {
    const elsewhere = apiOk(other.app, tenant.auth);
    const page = await aLivePage(elsewhere, 'Pooled before', [
      { kind: 'LINK', data: { url: 'https://one.example/', title: 'First link' } },
    ]);
    const view = () => t.inject({ method: 'GET', url: `/p/${page.slug as string}` });
    expect((await view()).body).toContain('Pooled before');
    const current = await elsewhere('GET', `/v1/pages/${page.id as string}`);
    await elsewhere('PATCH', `/v1/pages/${page.id as string}`, { expected_updated_at: current.draft.updated_at, title: 'Pooled after' });
    const start = Date.now();
    for (;;) {
      const res = await view();
      if (res.body.includes('<title>Pooled after')) break;
      if (Date.now() - start > 1_000) throw new Error(`not seen within a second: ${res.statusCode} ${res.body.slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  it('applies the migrations through the pooler, two starters at once', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_URL });
    await admin.connect();
    const name = `bp_pgbouncer_${Math.random().toString(36).slice(2, 10)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = bouncer.via(withDatabase(process.env.TEST_ADMIN_URL!, name));
      const applied = await Promise.all([migrate(url), migrate(url)]);
      expect(applied.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
      const db = new pg.Client({ connectionString: withDatabase(process.env.TEST_ADMIN_URL!, name) });
      await db.connect();
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      await db.end();
      expect(rows[0]!.n).toBe(migrations.length);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
