import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The layer and context boundaries of docs/adr/0026, checked by dependency-cruiser (.dependency-cruiser.js)
 * as part of `npm test`: domain purity, application never to adapters, platform never to a context, contexts
 * only through their public entry, no cycles, every import resolved.
 */
describe('boundaries', () => {
  it('has no dependency-rule violation in src/', () => {
    const bin = join(process.cwd(), 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
    const run = spawnSync(process.execPath, [bin, 'src', '--config', '.dependency-cruiser.js', '--output-type', 'err'], {
      encoding: 'utf8',
    });
    expect(`${run.stdout}${run.stderr}`.trim()).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 60_000);
});
