import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockingFolder } from '../../../src/platform/database/embedded-postgres.js';

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

  /** Runs the bench's database acquisition (bench/database.mjs) as `npm run bench` does, with no DATABASE_URL. */
  const benchDatabase = (dataDir: string) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg';
         const { benchDatabase } = await import('./bench/database.mjs');
         const db = await benchDatabase('bp_test_bench');
         const client = new pg.Client({ connectionString: db.url });
         await client.connect();
         const { rows } = await client.query('SELECT current_database() AS name');
         await client.end();
         await db.drop();
         console.log(JSON.stringify({ embedded: db.embedded, database: rows[0].name }));`,
      ],
      { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 },
    );

  it('gives `npm run bench` a database on the embedded PostgreSQL where `npm start` runs it (as root too)', () => {
    const base = mkdtempSync(join(tmpdir(), 'bp-bench-db-'));
    try {
      chmodSync(base, 0o755); // a folder like the project's: every user may enter it
      const res = benchDatabase(join(base, 'data'));
      expect(res.stderr).toBe('');
      expect(res.status).toBe(0);
      expect(JSON.parse(res.stdout)).toEqual({ embedded: true, database: expect.stringMatching(/^bp_test_bench_/) });
      // The cluster npm start uses (DATA_DIR/pg), stopped again by the bench that started it.
      expect(existsSync(join(base, 'data', 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(base, 'data', 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('stops the bench with the same one line as `npm start` where the postgres user cannot enter (as root)', () => {
    if (process.getuid?.() !== 0) return;
    const base = mkdtempSync(join(tmpdir(), 'bp-bench-root-only-'));
    try {
      chmodSync(base, 0o700);
      const res = benchDatabase(join(base, 'data'));
      expect(res.status).toBe(1);
      const lines = res.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`cannot enter ${base}.*set DATA_DIR to a folder every user can enter`));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
