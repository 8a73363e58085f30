import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../src/platform/database/embedded-postgres.js';
import { aTenant } from '../../factories/access.factory.js';
import { aLivePage, apiOk } from '../../support/api-calls.js';
import { launch, stop } from '../../support/processes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The test app's master key: the processes read what it wrote. */
const KEY = Buffer.alloc(32, 9).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Line = { level: number; msg?: string; err?: { stack?: string } };
const jsonLines = (output: string): Line[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

/** What a clean log has: no line at error or above, and no stack trace anywhere (in a JSON field or printed raw). */
function expectNoErrors(output: string): void {
  expect(jsonLines(output).filter((l) => l.level >= 50)).toEqual([]);
  expect(output).not.toMatch(/\\n\s+at |^\s+at /m);
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The CPU time a process has used so far (user and system, all its threads), from /proc; null where there is none. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from the 3rd field on: utime is the 14th
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * A moment of a process's start: once it has used this much CPU time (measured in CPU time, not on the clock, so
 * that it falls at the same point of the start on a busy machine), or at the first output matching a pattern.
 */
type Moment = { cpuMs: number } | RegExp;

/** Starts `entry` and sends it SIGTERM at `moment`. Resolves with how it ended. */
function stoppedAt(
  entry: string,
  env: Record<string, string>,
  moment: Moment,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    child.kill('SIGTERM');
  };
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (moment instanceof RegExp && moment.test(output)) send();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let poll: NodeJS.Timeout | undefined;
  if (!(moment instanceof RegExp))
    poll = setInterval(() => {
      const used = cpuMs(child.pid!);
      if (used === null || used >= moment.cpuMs) {
        clearInterval(poll);
        send();
      }
    }, 5);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, output });
    }),
  );
}

/**
 * Start, stop and crash (decisions.md): a clean start logs no error and no stack trace (every CQRS handler is
 * registered before a worker loop runs), and SIGTERM at any moment of a process's life ends in a graceful exit 0.
 */
describe('starting and stopping the processes', () => {
  let t: TestApp;
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'bp-stop-'));
    env = { DATABASE_URL: t.databaseUrl, SECRET_ENCRYPTION_KEY: KEY, DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'info' };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['dist/main.js', /Bio-Page API listening/],
    ['dist/worker.js', /Bio-Page workers running/],
  ])('%s starts cleanly: no error and no stack trace while it starts, runs its loops and stops', async (entry, ready) => {
    const started = await launch(entry, { ...env, PORT: String(await freePort()) }, ready);
    await sleep(3_500); // the dispatcher and the scheduler poll every second, the relay claims: several turns each
    expect(started.output()).toMatch(/Background workers started: .*webhook-dispatcher/);
    expect(await stop(started.child)).toBe(0);
    expectNoErrors(started.output());
    // nor a warning: a clean stop is not a lost connection
    expect(jsonLines(started.output()).filter((l) => l.level >= 40)).toEqual([]);
  });

  // The earliest moment a program can take a signal is its first line: Node itself starts in about 50 ms of CPU time,
  // and a signal before that ends any Node process. The entry then loads the application for about a second of CPU.
  const loading = { cpuMs: 250 };
  const moments: [string, string, Moment][] = [
    ['dist/main.js', 'while it loads the application', loading],
    ['dist/main.js', 'while it builds the application', /Starting Nest application/],
    ['dist/main.js', 'once its workers started, before it listens', /Background workers started/],
    ['dist/main.js', 'once it is ready', /Bio-Page API listening/],
    ['dist/worker.js', 'while it loads the application', loading],
    ['dist/worker.js', 'while it builds the application', /Starting Nest application/],
    ['dist/worker.js', 'once it is ready', /Bio-Page workers running/],
  ];
  it.each(moments)('%s, sent SIGTERM %s, exits 0 after a graceful stop', async (entry, _when, moment) => {
    // At debug, Nest's own start-up lines mark the moment the application starts being built.
    const ended = await stoppedAt(entry, { ...env, LOG_LEVEL: 'debug', PORT: String(await freePort()) }, moment);
    expect(ended).toMatchObject({ code: 0, signal: null }); // on a failure, the diff shows the process's output
    expect(jsonLines(ended.output).some((l) => l.msg === 'Shutting down')).toBe(true);
    expectNoErrors(ended.output);
  });

  it('writes the views it counted before it exits on SIGTERM', async () => {
    const tenant = await aTenant(t.commands);
    const page = await aLivePage(apiOk(t, tenant.auth), 'Counted at the stop', [
      { kind: 'LINK', data: { url: 'https://one.example/', title: 'A link' } },
    ]);
    const port = await freePort();
    const api = await launch('dist/main.js', { ...env, PORT: String(port), RUN_WORKERS: 'false' }, /Bio-Page API listening/);
    const res = await fetch(`http://127.0.0.1:${port}/p/${page.slug}`, {
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
        accept: 'text/html,application/xhtml+xml',
        'accept-language': 'en',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
    expect(res.status).toBe(200);
    expect(await stop(api.child)).toBe(0); // at once: the view is still in the process's buffer (written every second)
    const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_facts WHERE page_id = $1 AND kind = 'VIEW'`, [
      page.id,
    ]);
    expect(n).toBe(1);
  });
});
