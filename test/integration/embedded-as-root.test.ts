import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockingFolder } from '../../src/platform/database/embedded-postgres.js';

/**
 * As root, the embedded PostgreSQL runs as the `postgres` user. Started from a folder that user cannot enter,
 * the service stops with one line naming the fix instead of an `initdb EACCES` trace (decisions.md).
 */
describe('the embedded PostgreSQL from a folder the postgres user cannot enter', () => {
  it('finds the first folder on the way that a user may not enter', () => {
    const base = mkdtempSync(join(tmpdir(), 'bp-reach-'));
    chmodSync(base, 0o755); // (mkdtemp makes it 0700)
    try {
      const closed = join(base, 'closed');
      mkdirSync(join(closed, 'inner'), { recursive: true });
      chmodSync(closed, 0o700);
      const stranger = { uid: 54321, gid: 54321 };
      expect(blockingFolder(join(closed, 'inner', 'data'), stranger)).toBe(closed);
      expect(blockingFolder(join(base, 'open', 'data'), stranger)).toBeNull(); // not created yet: it will be enterable
      chmodSync(closed, 0o711); // others may pass through
      expect(blockingFolder(join(closed, 'inner'), stranger)).toBeNull();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('stops `npm start` with one line naming the fix, never a trace (as root, the way CI runs)', () => {
    // Only root runs PostgreSQL as another user; as anyone else the folders are the user's own.
    if (process.getuid?.() !== 0) return;
    const base = mkdtempSync(join(tmpdir(), 'bp-root-only-'));
    try {
      chmodSync(base, 0o700); // like /root: only root may enter
      const res = spawnSync(process.execPath, ['dist/main.js'], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(base, 'data'), PORT: '0', SECRET_ENCRYPTION_KEY: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.status).toBe(1);
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`cannot enter ${base}`);
      expect(lines[0]).toMatch(/set DATA_DIR to a folder every user can enter .* or set DATABASE_URL/);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
