import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The build lock of scripts/ensure-built.mjs with real processes, on a small project of its own (a copy of the
 * scripts, the real TypeScript): a lock left behind by a killed build never blocks the next command
 * (decisions.md, "Start, stop and crash"), and a killed build leaves no `tsc` running.
 */
const repo = resolve('.');
jest.setTimeout(180_000); // several builds per test, on a machine shared with other test files
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bp-lock-'));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'src'));
  for (const f of ['ensure-built.mjs', 'with-parent.mjs', 'require-node.mjs'])
    copyFileSync(join(repo, 'scripts', f), join(root, 'scripts', f));
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  writeFileSync(
    join(root, 'tsconfig.build.json'),
    JSON.stringify({
      compilerOptions: { outDir: 'dist', rootDir: 'src', module: 'nodenext', target: 'es2022', strict: true, declaration: true },
      include: ['src'],
    }),
  );
  for (const f of ['main', 'cli', 'worker', 'mcp']) writeFileSync(join(root, 'src', `${f}.ts`), `export const ${f} = 1;\n`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Enough code for tsc to take a few seconds, so that a build can be killed while it runs. */
function makeBuildSlow(): void {
  let s = '';
  for (let i = 0; i < 12_000; i++)
    s += `export function f${i}<T extends { k: number }>(a: T, b: string): { n: number; t: T } { return { n: a.k + ${i}, t: a }; }\n`;
  writeFileSync(join(root, 'src', 'big.ts'), s);
}

interface Run {
  child: ChildProcess;
  stderr: () => string;
  /** Resolves with the exit code (null if it had to be killed: it was still waiting after `ms`). */
  done: Promise<number | null>;
}

function ensureBuilt(args: string[] = [], ms = 40_000): Run {
  const child = spawn(process.execPath, [join(root, 'scripts', 'ensure-built.mjs'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  const done = new Promise<number | null>((res) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      res(code);
    });
  });
  return { child, stderr: () => err, done };
}

const builds = (runs: Run[]) => runs.map((r) => r.stderr().split('Building (tsc)').length - 1).reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pids of the `tsc` processes building this test's project. */
function tscOfRoot(): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(join(root, 'node_modules/typescript/bin/tsc'))) found.push(Number(pid));
    } catch {
      // gone
    }
  }
  return found;
}

/** Waits until no `tsc` builds this test's project (an orphan would finish its build, writing dist/big.js). */
async function untilNoTsc(): Promise<void> {
  for (let i = 0; i < 600 && tscOfRoot().length > 0; i++) await sleep(100);
}

/** A pid that was alive a moment ago and is not now. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

const aMinuteAgo = () => new Date(Date.now() - 60_000);

describe('the build lock', () => {
  it.each([
    ['an empty lock file', () => writeFileSync(join(root, '.build.lock'), '')],
    ['an empty lock directory (the older format)', () => mkdirSync(join(root, '.build.lock'))],
    [
      'a lock directory whose pid file is empty',
      () => {
        mkdirSync(join(root, '.build.lock'));
        writeFileSync(join(root, '.build.lock', 'pid'), '');
      },
    ],
  ])('takes over %s left by a killed build', async (_, leave) => {
    leave();
    utimesSync(join(root, '.build.lock'), aMinuteAgo(), aMinuteAgo());
    const run = ensureBuilt();
    expect(await run.done).toBe(0);
    expect(builds([run])).toBe(1);
    expect(existsSync(join(root, 'dist', 'cli.js'))).toBe(true);
    expect(existsSync(join(root, '.build.lock'))).toBe(false);
  });

  it('takes over a lock naming a dead process, or a live pid that another process started with (pid reuse)', async () => {
    const token = 'left-behind';
    writeFileSync(join(root, '.build.lock'), JSON.stringify({ pid: deadPid(), start: '1', host: hostname(), token }));
    const first = ensureBuilt();
    expect(await first.done).toBe(0);
    expect(builds([first])).toBe(1);
    // A line per step with its seconds, so a first start is never silent (fifth round, "The second hour").
    expect(first.stderr()).toMatch(
      /^Building \(tsc\): compiling src\/ into dist\/.*\n(  still compiling: \d+\.\d s so far…\n)*Built in \d+\.\d s\.$/m,
    );

    // This very test process, recorded with a start time that is not its own: the pid was reused.
    writeFileSync(join(root, '.build.lock'), JSON.stringify({ pid: process.pid, start: '1', host: hostname(), token }));
    const second = ensureBuilt(['--always']);
    expect(await second.done).toBe(0);
    expect(builds([second])).toBe(1);
  });

  it('waits for a live holder, and builds when it lets go', async () => {
    const start = readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(join(root, '.build.lock'), JSON.stringify({ pid: process.pid, start, host: hostname(), token: 'alive' }));
    const run = ensureBuilt();
    for (let i = 0; i < 300 && !run.stderr().includes('Waiting'); i++) await sleep(100);
    await sleep(500);
    expect(run.child.exitCode).toBeNull();
    expect(run.stderr()).toContain(`Waiting for the build of process ${process.pid}`);
    rmSync(join(root, '.build.lock'));
    expect(await run.done).toBe(0);
    expect(builds([run])).toBe(1);
  });

  it('lets exactly one of several waiters take a stale lock over and build', async () => {
    writeFileSync(join(root, '.build.lock'), JSON.stringify({ pid: deadPid(), start: '1', host: hostname(), token: 'dead' }));
    const runs = Array.from({ length: 4 }, () => ensureBuilt());
    expect(await Promise.all(runs.map((r) => r.done))).toEqual([0, 0, 0, 0]);
    expect(builds(runs)).toBe(1);
    expect(runs.filter((r) => r.stderr().includes('Took over')).length).toBe(1);
    expect(readdirSync(root).filter((f) => f.startsWith('.build.lock'))).toEqual([]);
  });

  it('a build killed with -9 takes its tsc with it (nothing written), and the next command takes over without waiting', async () => {
    makeBuildSlow();
    const killed = ensureBuilt();
    for (let i = 0; i < 300 && !killed.stderr().includes('Building'); i++) await sleep(50);
    for (let i = 0; i < 100 && tscOfRoot().length === 0; i++) await sleep(50);
    expect(tscOfRoot()).not.toEqual([]); // tsc is running
    killed.child.kill('SIGKILL');
    await killed.done;
    // tsc takes seconds to build this project: killed with its parent, it never got to write its output.
    await untilNoTsc();
    expect(existsSync(join(root, 'dist', 'big.js'))).toBe(false);
    expect(existsSync(join(root, '.build.lock'))).toBe(true); // left behind

    const next = ensureBuilt();
    expect(await next.done).toBe(0);
    expect(next.stderr()).not.toContain('Waiting');
    expect(builds([next])).toBe(1);
    expect(existsSync(join(root, 'dist', 'big.js'))).toBe(true);
  });

  it('SIGTERM during a build stops its tsc (nothing written) and releases the lock', async () => {
    makeBuildSlow();
    const run = ensureBuilt([], 90_000);
    // Until its tsc runs (a busy machine may take seconds to get there): the signal must land during the build. Its
    // own build: the line it prints as it spawns tsc (and installs its signal handlers, in the same tick), not a tsc
    // an earlier test left exiting.
    const building = () => run.stderr().includes('Building (tsc)') && tscOfRoot().length > 0;
    for (let i = 0; i < 600 && !building(); i++) await sleep(50);
    expect(building()).toBe(true);
    run.child.kill('SIGTERM');
    expect(await run.done).toBe(128 + 15);
    await untilNoTsc();
    expect(existsSync(join(root, 'dist', 'big.js'))).toBe(false);
    expect(existsSync(join(root, '.build.lock'))).toBe(false);
  });
});
