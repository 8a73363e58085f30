import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { WorkspaceFile } from '../../../src/files/domain/workspace-file.js';
import { SqlFileRepository } from '../../../src/files/infrastructure/sql-file.repository.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { untilWaitingOnLock } from '../../support/lock-waits.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The file repository alone on a migrated PostgreSQL: no application, no HTTP, a few milliseconds a case. What the
 * upload tests reach through the API (a file by id, by route, by public path, the storage a workspace uses), read
 * here at the adapter.
 */
describe('SqlFileRepository', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sql: Sql;
  let files: SqlFileRepository;
  const now = new Date('2026-11-29T10:00:00.000Z');

  const aWorkspace = async (id: string) => {
    await pool.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'W', 'pro', $2, $2)`, [id, now]);
    return id;
  };
  const aFile = (workspaceId: string, id: string, sizeBytes: number, name = 'cover.png') =>
    WorkspaceFile.add({ id, workspaceId, name, mimeType: 'image/png', sizeBytes, now });

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    sql = new Sql(pool);
    files = new SqlFileRepository(sql);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('reads a file back as it was added: by its id, by its route and by its public path', async () => {
    const ws = await aWorkspace('ws_files_a');
    const added = aFile(ws, 'file_a1', 1234);
    await files.add(added);

    const byId = await files.byId(ws, 'file_a1');
    expect(byId?.state).toEqual(added.state);
    expect((await files.byRoutedId('file_a1'))?.state).toEqual(added.state);
    expect((await files.byPublicPath(ws, added.state.publicPath))?.state).toEqual(added.state);
  });

  it("never answers with another workspace's file", async () => {
    const mine = await aWorkspace('ws_files_b');
    const theirs = await aWorkspace('ws_files_c');
    const file = aFile(theirs, 'file_c1', 10);
    await files.add(file);

    expect(await files.byId(mine, 'file_c1')).toBeNull();
    expect(await files.byPublicPath(mine, file.state.publicPath)).toBeNull();
    expect(await files.byRoutedId('file_unknown')).toBeNull();
  });

  it('sums the bytes a workspace holds, inside the transaction that locks them', async () => {
    const ws = await aWorkspace('ws_files_d');
    expect(await sql.transaction(() => files.lockStorageUse(ws))).toBe(0);
    await files.add(aFile(ws, 'file_d1', 1000));
    await files.add(aFile(ws, 'file_d2', 2500, 'b.png'));
    await files.add(aFile(await aWorkspace('ws_files_e'), 'file_e1', 99));
    expect(await sql.transaction(() => files.lockStorageUse(ws))).toBe(3500);
  });

  it('makes a second upload of the same workspace wait for the first one to end', async () => {
    const ws = await aWorkspace('ws_files_f');
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = sql.transaction(async () => {
      await files.lockStorageUse(ws);
      order.push('first locked');
      await held;
      await files.add(aFile(ws, 'file_f1', 700));
      order.push('first added');
    });
    while (!order.includes('first locked')) await new Promise((r) => setTimeout(r, 5));
    const second = sql.transaction(async () => {
      const used = await files.lockStorageUse(ws);
      order.push(`second saw ${used}`);
    });
    await untilWaitingOnLock({ sql: async (text, params) => (await pool.query(text, params)).rows }, () => order.length > 1);
    expect(order).toEqual(['first locked']); // the second waits on the lock
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first added', 'second saw 700']);
  });
});
