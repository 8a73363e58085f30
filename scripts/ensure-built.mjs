// Builds the project only when the build is missing or older than its sources, and lets any number of
// processes ask at once: one builds (under a lock), the others wait for it, then all run the same dist/.
// `node scripts/ensure-built.mjs` (what npm start, npm run cli and the bin/bio-page launcher call first);
// `--always` builds even when up to date (npm run build). Output goes to stderr: the CLI's stdout stays JSON.
// The up-to-date check takes no lock (stat calls only), so commands on a built project never wait for each other.
//
// The lock is the file `.build.lock`, created whole (written aside, then hard-linked into place: it exists with its
// content or not at all) and naming its holder: pid, the process's start time (from /proc: a reused pid does not
// pass for the holder), host and a random token. A lock whose holder is gone is stale and is taken over at once;
// so is a lock that names no holder (empty or unreadable, e.g. left by an older version) once it is
// BUILD_LOCK_GRACE_MS old, and one held from another host that its holder has not refreshed for
// BUILD_LOCK_SILENT_MS. Taking over is atomic: of the waiters that found the same stale lock, only the one that
// creates `.build.lock.takeover.<lock>.<n>` (O_EXCL) removes it; the others go back to waiting for the lock.
// The build's `tsc` runs under scripts/with-parent.mjs, which kills it when this process dies (even by kill -9);
// its process group is also recorded in the lock, and whoever takes a stale lock over kills what is left of it.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A lock naming no holder (empty, unreadable) is stale once this old: its writer had ample time to finish. */
const GRACE_MS = Number(process.env.BUILD_LOCK_GRACE_MS ?? 5_000);
/** A lock held from another host (whose pids mean nothing here) is stale when its holder has not refreshed it for this long. */
const SILENT_MS = Number(process.env.BUILD_LOCK_SILENT_MS ?? 30_000);
const REFRESH_MS = 5_000;
/** How long a lock of the older format (a directory holding a pid file) may be held. */
const LEGACY_MAX_MS = 10 * 60_000;

/** The newest modification time among the sources a build reads. */
function newestSource(root) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'src'));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package.json']) {
    if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  }
  return newest;
}

/** Whether dist/ is missing or was built from older sources than those there now. */
export function isStale(root, entries = ['main.js', 'cli.js', 'worker.js', 'mcp.js']) {
  const stamp = join(root, 'dist', '.build-stamp');
  if (!existsSync(stamp) || entries.some((e) => !existsSync(join(root, 'dist', e)))) return true;
  const { sources } = JSON.parse(readFileSync(stamp, 'utf8'));
  return newestSource(root) > sources;
}

/** A process's start time (clock ticks since boot, from /proc), or null where there is no /proc or no such process. */
function startOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null; // field 22, counted from the state (field 3)
  } catch {
    return null;
  }
}

/** Whether `pid` is alive and, where its start time can be read, is the very process that recorded `start`. */
function alive(pid, start) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== 'EPERM') return false;
  }
  const now = startOf(pid);
  return now === null || start == null || now === start;
}

/** Who this process is, as its lock says it. */
function me(token) {
  return { pid: process.pid, start: startOf(process.pid), host: hostname(), token };
}

/**
 * What is at `path` (the lock or a take-over claim): `null` when nothing is, else its identity (`id`: the holder's
 * token, or for a lock naming no holder its inode and birth time) and whether it is stale.
 */
function inspect(path) {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return null;
  }
  const age = Date.now() - st.mtimeMs;
  const anonymous = `${st.ino}:${st.birthtimeMs}`;
  if (st.isDirectory()) {
    // The older format: a directory with a `pid` file, written just after it.
    let pid = NaN;
    try {
      pid = Number(readFileSync(join(path, 'pid'), 'utf8'));
    } catch {
      // not written (yet, or ever)
    }
    const stale = Number.isInteger(pid) && pid > 0 ? !alive(pid, null) || age > LEGACY_MAX_MS : age > GRACE_MS;
    return { id: anonymous, stale, holder: Number.isInteger(pid) && pid > 0 ? { pid } : null, dir: true };
  }
  let holder = null;
  try {
    holder = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    holder = null;
  }
  if (!holder || !Number.isInteger(holder.pid) || typeof holder.token !== 'string') {
    return { id: anonymous, stale: age > GRACE_MS, holder: null };
  }
  const stale = holder.host === hostname() ? !alive(holder.pid, holder.start) : age > SILENT_MS;
  return { id: holder.token, stale, holder };
}

/**
 * Kills what is left of a dead holder's build (its `tsc`, normally killed already by scripts/with-parent.mjs):
 * the process group it recorded, unless that group's leader pid now belongs to another process. Linux only
 * (elsewhere the group's owner cannot be told apart from a stranger reusing its id).
 */
function killBuildOf(holder) {
  const group = holder?.build;
  if (!group || !Number.isInteger(group.pgid) || !existsSync('/proc/self/stat')) return;
  const leader = startOf(group.pgid);
  if (leader !== null && leader !== group.start) return;
  try {
    process.kill(-group.pgid, 'SIGKILL');
  } catch {
    // the group is gone
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const short = (id) => createHash('sha256').update(id).digest('hex').slice(0, 16);

/**
 * Removes the stale lock seen as `seen`, unless another waiter is doing so. The claim
 * `.build.lock.takeover.<id>.<n>` is created with link() (fails if it exists), so one waiter wins it; a claim whose
 * own holder died is passed over to claim n + 1. The winner checks that the lock is still the stale one it saw
 * (only a claimant of that lock may remove it, so it cannot change in between) and removes it.
 */
function takeOver(lockPath, seen, mine) {
  const base = `${lockPath}.takeover.${short(seen.id)}`;
  let n = 0;
  for (; ; n++) {
    try {
      linkSync(mine, `${base}.${n}`);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const other = inspect(`${base}.${n}`);
      if (other && !other.stale) return; // another waiter is taking it over
    }
  }
  try {
    const now = inspect(lockPath);
    if (now && now.id === seen.id && now.stale) {
      killBuildOf(now.holder);
      rmSync(lockPath, { recursive: true, force: true });
      process.stderr.write(`Took over a stale build lock${now.holder ? ` (pid ${now.holder.pid} is gone)` : ' (naming no holder)'}.\n`);
    }
  } finally {
    for (let k = 0; k <= n; k++) rmSync(`${base}.${k}`, { force: true });
  }
}

/**
 * Removes what dead processes left beside the lock (their `.tmp` holder files, their take-over claims). Run by the
 * lock's holder: no stale lock is left for those claims to be about.
 */
function sweep(root) {
  for (const name of readdirSync(root)) {
    if (!name.startsWith('.build.lock.')) continue;
    const seen = inspect(join(root, name));
    if (seen?.stale) rmSync(join(root, name), { force: true });
  }
}

/**
 * Takes the build lock, waiting while a live process holds it and taking a stale one over. Returns the lock:
 * `record(build)` notes the build's process group in it, `release()` removes it (if it is still this process's).
 */
async function lock(root) {
  const lockPath = join(root, '.build.lock');
  const holder = me(randomUUID());
  const mine = `${lockPath}.${holder.token}.tmp`;
  writeFileSync(mine, JSON.stringify(holder));
  const dropMine = () => rmSync(mine, { force: true });
  process.once('exit', dropMine);
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(mine, lockPath);
        break;
      } catch (err) {
        if (err.code !== 'EEXIST') throw err;
      }
      const seen = inspect(lockPath);
      if (!seen) continue; // released in between
      if (seen.stale) {
        takeOver(lockPath, seen, mine);
        continue;
      }
      if (!told && seen.holder) process.stderr.write(`Waiting for the build of process ${seen.holder.pid}…\n`);
      told = true;
      await sleep(100);
    }
  } finally {
    dropMine();
    process.off('exit', dropMine);
  }
  sweep(root);
  const ours = () => inspect(lockPath)?.id === holder.token;
  // Refreshed while held, so that a waiter on another host can tell a live holder from a dead one.
  const refresh = setInterval(() => {
    const now = new Date();
    if (ours()) utimesSync(lockPath, now, now);
  }, REFRESH_MS);
  refresh.unref();
  const release = () => {
    clearInterval(refresh);
    if (ours()) rmSync(lockPath, { force: true });
  };
  process.once('exit', release);
  return {
    record(build) {
      // Rewritten aside and renamed into place: the lock never reads empty.
      const aside = `${lockPath}.${holder.token}.tmp`;
      writeFileSync(aside, JSON.stringify({ ...holder, build }));
      if (ours()) renameSync(aside, lockPath);
      else rmSync(aside, { force: true });
    },
    release() {
      process.off('exit', release);
      release();
    },
  };
}

/**
 * Builds `root` with `build(lock)` when it is stale (or `always`), once however many processes ask at once.
 * Returns whether this process built. The stamp records the sources' newest time as read before building,
 * so a file saved during a build makes the next call build again.
 */
export async function ensureBuilt(root, build, { always = false, entries } = {}) {
  if (!always && !isStale(root, entries)) return false;
  const held = await lock(root);
  try {
    if (!always && !isStale(root, entries)) return false; // another process built it while we waited
    const sources = newestSource(root);
    await build(held);
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', '.build-stamp'), JSON.stringify({ sources, builtAt: new Date().toISOString() }));
    return true;
  } finally {
    held.release();
  }
}

/**
 * The project's build: tsc, incremental; a build info without its output (dist/ removed by hand) is dropped first.
 * tsc runs in a process group of its own under scripts/with-parent.mjs (killed with this process, even by kill -9);
 * SIGINT, SIGTERM and SIGHUP stop it, release the lock and end this process.
 */
function tsc(root, held) {
  if (!existsSync(join(root, 'dist', 'main.js'))) rmSync(join(root, 'dist', '.tsbuildinfo'), { force: true });
  // One line per step with its seconds: a first start on a busy machine can take a minute here (docs/operations.md).
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write('Building (tsc): compiling src/ into dist/, once (about 15 s on an idle machine, longer on a busy one)…\n');
  const ticker = setInterval(() => process.stderr.write(`  still compiling: ${seconds()} s so far…\n`), 10_000);
  ticker.unref();
  // The handlers come first: a signal that arrives while tsc starts (a busy machine may run the new processes for a
  // while before this one again) must find them, or it would end this process with the lock held and tsc running.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  let child = null;
  const stop = (signal) => {
    try {
      if (child?.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
    held?.release();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal] ?? 1));
  };
  for (const s of signals) process.on(s, stop);
  child = spawn(
    process.execPath,
    [
      join(root, 'scripts', 'with-parent.mjs'),
      process.execPath,
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(root, 'tsconfig.build.json'),
    ],
    { cwd: root, stdio: ['ignore', 2, 2, 'ipc'], detached: true },
  );
  held?.record({ pgid: child.pid, start: startOf(child.pid) });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(ticker);
      for (const s of signals) process.off(s, stop);
      if (code === 0) process.stderr.write(`Built in ${seconds()} s.\n`);
      if (code === 0) resolve();
      else reject(new Error(`tsc exited ${code}`));
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await import('./require-node.mjs');
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    await ensureBuilt(root, (held) => tsc(root, held), { always: process.argv.includes('--always') });
  } catch {
    process.exitCode = 1; // tsc printed why
  }
}
