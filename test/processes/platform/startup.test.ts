import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { launch, stop } from '../../support/processes.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { migrate } from '../../../src/platform/database/orm.js';
import { migrations } from '../../../src/platform/database/migrations/index.js';
import { createTestDatabase, withDatabase } from '../../support/test-app.js';

const KEY = Buffer.alloc(32, 3).toString('base64');

describe('starting the service', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('applies migrations once when several processes start at the same time', async () => {
    const name = `${process.env.TEST_TEMPLATE_DB}_empty${Date.now() % 100000}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(process.env.TEST_ADMIN_URL!, name);
      const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
      expect(results.map((r) => r.length).sort()).toEqual([0, 0, migrations.length]);
      expect(await migrate(url)).toEqual([]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ NODE_ENV: 'production', SECRET_ENCRYPTION_KEY: '' }, /SECRET_ENCRYPTION_KEY is required when NODE_ENV=production/],
    [{ RATE_LIMIT_BURST_REQUESTS: '-5' }, /RATE_LIMIT_BURST_REQUESTS/],
  ])('refuses a bad configuration %j with a message naming the variable', (env, message) => {
    const res = spawnSync(process.execPath, ['dist/main.js'], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(message);
  });

  it('refuses to run on a Node older than 24 with a clear message', () => {
    const old = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
      if (!existsSync(p)) return false;
      const v = spawnSync(p, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
      return Number(v.split('.')[0]) < 24;
    });
    const node = old ?? process.execPath;
    const res = spawnSync(node, ['scripts/require-node.mjs'], { encoding: 'utf8' });
    if (old) {
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/needs Node >= 24\.9/);
    } else {
      expect(res.status).toBe(0); // no older Node on this machine: the check passes on the pinned one
    }
  });

  it('serves the API with workers in one process, and the api-only and worker-only entries split them', async () => {
    const port = await freePort();
    const env = {
      DATABASE_URL: db.url,
      PORT: String(port),
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bp-start-')),
    };

    // API only (npm run api): answers, but does not relay the outbox.
    const api = await launch('dist/main.js', { ...env, RUN_WORKERS: 'false' }, /Bio-Page API listening/);
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('x-request-id')).toBeTruthy();
      await client.query(`INSERT INTO outbox (event_id, workspace_id, type, payload) VALUES ('whmsg_split', 'ws_s', 'x', '{"data":{}}')`);
      await client.query(`NOTIFY outbox`); // the application notifies, not a trigger (docs/adr/0053)
      await new Promise((r) => setTimeout(r, 2_500));
      const pending = await client.query(`SELECT processed_at FROM outbox WHERE event_id = 'whmsg_split'`);
      expect(pending.rows[0].processed_at).toBeNull();

      // Worker only (npm run worker): relays what the API wrote.
      const worker = await launch('dist/worker.js', env, /Bio-Page workers running/);
      try {
        const deadline = Date.now() + 10_000;
        let processed = null;
        while (!processed && Date.now() < deadline) {
          processed = (await client.query(`SELECT processed_at FROM outbox WHERE event_id = 'whmsg_split'`)).rows[0].processed_at;
          if (!processed) await new Promise((r) => setTimeout(r, 100));
        }
        expect(processed).not.toBeNull();
      } finally {
        expect(await stop(worker.child)).toBe(0);
      }
    } finally {
      expect(await stop(api.child)).toBe(0);
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('runs only the loops WORKER_ROLES names in a worker process', async () => {
    const env = { DATABASE_URL: db.url, SECRET_ENCRYPTION_KEY: KEY, DATA_DIR: mkdtempSync(join(tmpdir(), 'bp-roles-')) };
    await client.query(`INSERT INTO outbox (event_id, workspace_id, type, payload) VALUES ('whmsg_roles', 'ws_r', 'x', '{"data":{}}')`);
    await client.query(`NOTIFY outbox`); // the application notifies, not a trigger (docs/adr/0053)
    const relayed = async () =>
      (await client.query(`SELECT processed_at FROM outbox WHERE event_id = 'whmsg_roles'`)).rows[0].processed_at !== null;
    // A scheduler-and-janitor worker does not relay the outbox.
    const scheduler = await launch('dist/worker.js', { ...env, WORKER_ROLES: 'scheduler,janitor' }, /Bio-Page workers running/);
    try {
      // The four loops (the statistics keeper has the janitor role, the custom-domain checker the scheduler's), in
      // whatever order their modules registered them.
      const started = /Background workers started: ([^"]*)"/.exec(scheduler.output())?.[1].split(', ');
      expect(started?.sort()).toEqual(['domain-checker', 'janitor', 'publish-scheduler', 'statistics']);
      await new Promise((r) => setTimeout(r, 1_500)); // the relay would claim within a tick
      expect(await relayed()).toBe(false);
    } finally {
      expect(await stop(scheduler.child)).toBe(0);
    }
    // A relay-only worker does.
    const relay = await launch('dist/worker.js', { ...env, WORKER_ROLES: 'relay' }, /Bio-Page workers running/);
    try {
      expect(relay.output()).toMatch(/Background workers started: outbox-relay"/);
      const deadline = Date.now() + 10_000;
      while (!(await relayed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await relayed()).toBe(true);
    } finally {
      expect(await stop(relay.child)).toBe(0);
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('with DATABASE_URL and no workspace, ends its start-up by saying how to create one; LOG_FORMAT=pretty logs for humans', async () => {
    const name = `${process.env.TEST_TEMPLATE_DB}_fresh${Date.now() % 100000}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DB}`);
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'bp-hint-'));
    const env = {
      DATABASE_URL: withDatabase(process.env.TEST_ADMIN_URL!, name),
      PORT: String(port),
      SECRET_ENCRYPTION_KEY: KEY,
      DATA_DIR: dataDir,
      RUN_WORKERS: 'false',
      LOG_FORMAT: 'pretty',
    };
    try {
      const api = await launch('dist/main.js', env, /key create --workspace[^\n]*\n/);
      try {
        const out = api.output();
        expect(out.trimEnd().split('\n').at(-1)).toMatch(/npm run -s cli -- key create --workspace/);
        expect(out).toContain('No workspace yet. Create one and an API key with the operator CLI:');
        expect(out).toMatch(/INFO.*Bio-Page API listening/);
        expect(out).not.toMatch(/^\{"level"/m); // no JSON lines
      } finally {
        expect(await stop(api.child)).toBe(0);
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts with no DATABASE_URL on an embedded PostgreSQL, and prints a demo key that works', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'bp-embedded-'));
    const env = { DATABASE_URL: undefined, PORT: String(port), DATA_DIR: dataDir, SECRET_ENCRYPTION_KEY: undefined };
    const first = await launch('dist/main.js', env, /Demo API key \(shown once\)[^\n]*\n[^\n]*\n/);
    let key: string;
    try {
      key = /Demo API key \(shown once\): (bp_live_\w+)/.exec(first.output())![1]!;
      // The key is the last thing printed, after the log lines (JSON, since the output is not a terminal).
      const lines = first.output().trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(/^Try: curl -H "Authorization: Bearer bp_live_/);
      const logLines = lines.slice(0, lines.findIndex((l) => l.startsWith('First start')) - 1).filter((l) => l.trim());
      expect(logLines.every((l) => l.startsWith('{') && JSON.parse(l).service === 'bio-page')).toBe(true);
      expect(first.output()).toContain('Bio-Page API listening');
      expect(first.output()).not.toMatch(/Mapped \{/); // Nest's route list is at debug level
      const res = await fetch(`http://127.0.0.1:${port}/v1/contacts`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: [], has_more: false, next_cursor: null });
      expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'secret-encryption-key'))).toBe(true);
    } finally {
      // A graceful stop on the embedded default too: the package's own signal handlers are gone (docs/adr/0068).
      expect(await stop(first.child)).toBe(0);
    }
    // A second start reuses the cluster: no new demo workspace, the old key still works.
    const second = await launch('dist/main.js', env, /Bio-Page API listening/);
    try {
      expect(second.output()).not.toMatch(/Demo API key/);
      const res = await fetch(`http://127.0.0.1:${port}/v1/files`, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(200);
    } finally {
      expect(await stop(second.child)).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
