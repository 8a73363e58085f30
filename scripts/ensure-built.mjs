// Builds the project only when the build is missing or older than its sources, and lets any number of
// processes ask at once: one builds (under a lock), the others wait for it, then all run the same dist/.
// `node scripts/ensure-built.mjs` (what npm start, npm run cli and the bin/bio-page launcher call first);
// `--always` builds even when up to date (npm run build). Output goes to stderr: the CLI's stdout stays JSON.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCK_STALE_MS = 10 * 60_000;

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

function ownerAlive(lockDir) {
  try {
    const pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return Date.now() - statSync(lockDir).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
}

/** Takes the build lock (a directory: mkdir is atomic), waiting while another live process holds it. */
async function lock(root) {
  const dir = join(root, '.build.lock');
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      // A holder that died (or hung for long) leaves its lock behind; its pid file may still be being written.
      if (existsSync(join(dir, 'pid')) && !ownerAlive(dir)) rmSync(dir, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Builds `root` with `build()` when it is stale (or `always`), once however many processes ask at once.
 * Returns whether this process built. The stamp records the sources' newest time as read before building,
 * so a file saved during a build makes the next call build again.
 */
export async function ensureBuilt(root, build, { always = false, entries } = {}) {
  if (!always && !isStale(root, entries)) return false;
  const release = await lock(root);
  try {
    if (!always && !isStale(root, entries)) return false; // another process built it while we waited
    const sources = newestSource(root);
    build();
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', '.build-stamp'), JSON.stringify({ sources, builtAt: new Date().toISOString() }));
    return true;
  } finally {
    release();
  }
}

/** The project's build: tsc, incremental; a build info without its output (dist/ removed by hand) is dropped first. */
function tsc(root) {
  if (!existsSync(join(root, 'dist', 'main.js'))) rmSync(join(root, 'dist', '.tsbuildinfo'), { force: true });
  process.stderr.write('Building (tsc)…\n');
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await import('./require-node.mjs');
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    await ensureBuilt(root, () => tsc(root), { always: process.argv.includes('--always') });
  } catch {
    process.exitCode = 1; // tsc printed why
  }
}
