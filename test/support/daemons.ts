import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

/**
 * The tests install what they need: a Debian package (`pkg`) that provides `binary`, from the distribution's own
 * repository, when it is missing and this process may install it (root, apt-get present). A failed install is
 * left to the caller's check of the binary, which names what to do.
 */
export function installDebianPackage(binary: string, pkg: string): void {
  if (existsSync(binary) || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-q', pkg], { env, stdio: 'ignore', timeout: 240_000 }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-q'], { env, stdio: 'ignore', timeout: 240_000 });
    install();
  }
}

/** Stops a daemon a test started (SIGTERM, then waits for its exit) and removes its working folder. */
export async function stopDaemon(proc: ChildProcess, dir: string): Promise<void> {
  if (proc.exitCode === null) {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
