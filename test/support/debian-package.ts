import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
