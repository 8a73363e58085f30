import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = new URL('../../scripts/ensure-built.mjs', import.meta.url).pathname;

/** A process that asks for a build of `root`; its "build" (slow on purpose) writes dist/ and logs itself. */
function ask(root: string): Promise<string> {
  const program = `
    const { ensureBuilt } = await import(${JSON.stringify(script)});
    const { appendFileSync, mkdirSync, writeFileSync } = await import('node:fs');
    const built = await ensureBuilt(${JSON.stringify(root)}, () => {
      appendFileSync(${JSON.stringify(join(root, 'builds.log'))}, process.pid + '\\n');
      const until = Date.now() + 300; while (Date.now() < until);
      mkdirSync(${JSON.stringify(join(root, 'dist'))}, { recursive: true });
      writeFileSync(${JSON.stringify(join(root, 'dist', 'main.js'))}, '');
    }, { entries: ['main.js'] });
    console.log(built ? 'built' : 'fresh');`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', program], (err, stdout) => (err ? reject(err) : resolve(stdout.trim()))),
  );
}

describe('scripts/ensure-built.mjs', () => {
  it('builds once however many processes ask at once, and again only when a source changes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bp-build-'));
    try {
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;');
      const first = await Promise.all(Array.from({ length: 6 }, () => ask(root)));
      expect(first.filter((r) => r === 'built')).toHaveLength(1);
      expect(readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n')).toHaveLength(1);

      expect(await ask(root)).toBe('fresh');
      const later = new Date(Date.now() + 5_000);
      utimesSync(join(root, 'src', 'a.ts'), later, later);
      expect(await ask(root)).toBe('built');
      expect(await ask(root)).toBe('fresh');
      rmSync(join(root, 'dist', 'main.js'));
      expect(await ask(root)).toBe('built');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
