import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { OPERATOR_LISTING } from '../../../src/access/domain/operator-listing.js';
import { cli } from '../../support/cli.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 39, item 2: the CLI says on stderr which database it uses, creates no embedded cluster unless given `--init`,
 * and lists workspaces and keys a page at a time; `npm start` says the demo workspace's id on every start.
 */
describe('the CLI on the database DATABASE_URL names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('says once, first on stderr, the host, port and database, never the user name or the password', async () => {
    const res = await cli(t, ['workspace', 'list', '--limit', '1']);
    expect(res.code).toBe(0);
    const url = new URL(t.databaseUrl);
    expect(res.database).toBe(`Using PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`);
    const all = `${res.database}\n${res.stderr}`;
    expect(all.match(/Using /g)).toHaveLength(1);
    if (url.username) expect(all).not.toContain(`${url.username}@`);
    if (url.password) expect(all).not.toContain(url.password);
  });

  it('lists the workspaces newest first with their key counts, a page at a time', async () => {
    const made = [];
    for (const name of ['First', 'Second', 'Third']) made.push((await cli(t, ['workspace', 'create', '--name', name])).json);
    const [first, second, third] = made;
    const keys = [];
    for (let i = 0; i < 2; i++) keys.push((await cli(t, ['key', 'create', '--workspace', third.id])).json);
    await cli(t, ['key', 'revoke', keys[0].id]);

    const page = await cli(t, ['workspace', 'list', '--limit', '2']);
    expect(page.code).toBe(0);
    expect(page.json).toEqual([
      {
        id: third.id,
        name: 'Third',
        plan: 'pro',
        created_at: third.created_at,
        updated_at: expect.any(String),
        key_count: 2,
        active_key_count: 1,
      },
      expect.objectContaining({ id: second.id, name: 'Second', key_count: 0, active_key_count: 0 }),
    ]);
    // A full page: stderr says how to get the next one.
    expect(page.stderr).toContain(`--after ${second.id}`);
    const next = await cli(t, ['workspace', 'list', '--limit', '2', '--after', second.id]);
    expect(next.json[0]).toMatchObject({ id: first.id, name: 'First' });

    const everything = await cli(t, ['workspace', 'list']);
    expect(everything.json.map((w: { id: string }) => w.id).slice(0, 3)).toEqual([third.id, second.id, first.id]);
    expect(everything.json.length).toBeLessThanOrEqual(OPERATOR_LISTING.default);
    expect(everything.stderr).toBe(''); // not a full page: nothing more to say
  });

  it("lists a workspace's keys a page at a time: prefix, mode, scopes, revocation; never a secret", async () => {
    const ws = (await cli(t, ['workspace', 'create', '--name', 'Keys'])).json;
    const made = [];
    for (const mode of ['live', 'test', 'live']) made.push((await cli(t, ['key', 'create', '--workspace', ws.id, '--mode', mode])).json);
    await cli(t, ['key', 'revoke', made[1].id]);

    const page = await cli(t, ['key', 'list', '--workspace', ws.id, '--limit', '2']);
    expect(page.code).toBe(0);
    expect(page.json).toEqual([
      expect.objectContaining({ id: made[2].id, mode: 'live', prefix: made[2].key.slice(0, 20), revoked_at: null }),
      expect.objectContaining({ id: made[1].id, mode: 'test', prefix: made[1].key.slice(0, 20), revoked_at: expect.any(String) }),
    ]);
    expect(page.json[0]).toEqual({
      id: made[2].id,
      workspace_id: ws.id,
      mode: 'live',
      prefix: expect.any(String),
      scopes: made[2].scopes,
      expires_at: null,
      revoked_at: null,
      created_at: made[2].created_at,
    });
    expect(page.stderr).toContain(`--after ${made[1].id}`);
    const rest = await cli(t, ['key', 'list', '--workspace', ws.id, '--after', made[1].id]);
    expect(rest.json.map((k: { id: string }) => k.id)).toEqual([made[0].id]);
    for (const out of [page.stdout, rest.stdout]) for (const k of made) expect(out).not.toContain(k.key);
  });

  it.each([
    [['workspace', 'list', '--limit', '0']],
    [['workspace', 'list', '--limit', String(OPERATOR_LISTING.max + 1)]],
    [['workspace', 'list', '--after', 'ws_nope']],
    [['key', 'list', '--workspace', 'ws_nope']],
    [['key', 'list', '--workspace', 'ws_x', '--limit', 'all']],
  ])('refuses %j in one line', async (args) => {
    const res = await cli(t, args);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: /)]);
  });

  it('refuses --after a key of another workspace', async () => {
    const a = (await cli(t, ['workspace', 'create', '--name', 'A'])).json;
    const b = (await cli(t, ['workspace', 'create', '--name', 'B'])).json;
    const key = (await cli(t, ['key', 'create', '--workspace', b.id])).json;
    const res = await cli(t, ['key', 'list', '--workspace', a.id, '--after', key.id]);
    expect([res.code, res.stderr.trim()]).toEqual([2, expect.stringMatching(/^error: resource_not_found: /)]);
  });
});

/** The CLI with no DATABASE_URL: the embedded PostgreSQL in DATA_DIR. One cluster for every case (initdb is slow). */
function embeddedCli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/cli.js', ...args],
      { env: { ...process.env, DATABASE_URL: undefined, SECRET_ENCRYPTION_KEY: undefined, DATA_DIR: dataDir } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the CLI on the embedded PostgreSQL', () => {
  const base = mkdtempSync(join(tmpdir(), 'bp-cli-embedded-'));
  const dataDir = join(base, 'data');
  chmodSync(base, 0o755); // as root, PostgreSQL runs as the postgres user, who must enter it (as under the project)
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('refuses to create a cluster unless given --init: one line naming DATA_DIR, nothing written', async () => {
    for (const dir of [base, dataDir]) {
      // An empty DATA_DIR, and one that does not exist yet.
      const res = await embeddedCli(dir, ['workspace', 'create', '--name', 'Nowhere']);
      expect(res.code).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toEqual([
        `error: no embedded PostgreSQL in ${dir} (DATA_DIR): start the service first (npm start) with this DATA_DIR, ` +
          'set DATABASE_URL to your server, or pass --init to create a new cluster there',
      ]);
    }
    expect(readdirSync(base)).toEqual([]);
  });

  it('creates one with --init, saying so, and uses an existing one without it', async () => {
    const created = await embeddedCli(dataDir, ['--init', 'workspace', 'list']);
    expect([created.code, created.stdout.trim()]).toEqual([0, '[]']);
    expect(created.stderr).toBe(`Using the embedded PostgreSQL in ${dataDir} (a new cluster)\n`);
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false); // stopped again

    const again = await embeddedCli(dataDir, ['workspace', 'list']);
    expect([again.code, again.stdout.trim(), again.stderr]).toEqual([0, '[]', `Using the embedded PostgreSQL in ${dataDir}\n`]);
  }, 120_000);

  it("npm start prints the demo workspace's id on every start, its key only on the first; the CLI finds both", async () => {
    const port = await freePort();
    const env = { DATABASE_URL: undefined, PORT: String(port), DATA_DIR: dataDir, SECRET_ENCRYPTION_KEY: undefined };
    // No workspace yet (the cluster the CLI created above is empty): this start is the first.
    const first = await launch('dist/main.js', env, /Demo API key \(shown once\)[^\n]*\n[^\n]*\n/);
    let id: string;
    let key: string;
    try {
      id = /created a demo workspace (ws_\w+)/.exec(first.output())![1]!;
      key = /Demo API key \(shown once\): (bp_live_\w+)/.exec(first.output())![1]!;
      // The CLI shares the running server's cluster.
      const list = await embeddedCli(dataDir, ['workspace', 'list']);
      expect(list.stderr).toBe(`Using the embedded PostgreSQL in ${dataDir}\n`);
      expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id, name: 'Demo workspace', key_count: 1, active_key_count: 1 })]);
      const keys = await embeddedCli(dataDir, ['key', 'list', '--workspace', id]);
      expect(JSON.parse(keys.stdout)).toEqual([expect.objectContaining({ workspace_id: id, prefix: key.slice(0, 20), mode: 'live' })]);
      expect(keys.stdout).not.toContain(key);
    } finally {
      expect([0, 143]).toContain(await stop(first.child));
    }
    // Ready once listening, so that a start without the line fails the assertion below (and is stopped) rather than hangs.
    const second = await launch('dist/main.js', env, /Bio-Page API listening[^\n]*\n/);
    try {
      for (let i = 0; i < 40 && !second.output().includes('Its keys:'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(second.output()).toContain(`Demo workspace: ${id} (its API key was printed on the first start).`);
      expect(second.output().trimEnd().split('\n').at(-1)).toBe(
        `Its keys: bin/bio-page key list --workspace ${id}; another: bin/bio-page key create --workspace ${id}`,
      );
      expect(second.output()).not.toContain(key);
      expect(second.output()).not.toMatch(/bp_live_/);
    } finally {
      expect([0, 143]).toContain(await stop(second.child));
    }
  }, 180_000);
});
