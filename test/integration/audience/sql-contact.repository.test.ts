import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Contact } from '../../../src/audience/domain/contact.js';
import { SqlContactRepository } from '../../../src/audience/infrastructure/sql-contact.repository.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { Outbox } from '../../../src/platform/outbox/outbox.js';
import { RandomIdGenerator } from '../../../src/platform/time/ids.js';
import { secondWaitsForFirst } from '../../support/lock-waits.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The contact repository alone on a migrated PostgreSQL: what it writes (the row and its outbox message in the
 * caller's transaction), what it reads back, and the locks erasure by address relies on.
 */
describe('SqlContactRepository', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sql: Sql;
  let contacts: SqlContactRepository;
  const now = new Date('2026-11-29T10:00:00.000Z');
  let seq = 0;

  const aWorkspace = async (id: string) => {
    await pool.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'W', 'pro', $2, $2)`, [id, now]);
    return id;
  };
  const capture = (workspaceId: string, email: string, name: string | null = null) =>
    Contact.capture({ id: `ctc_repo${String(++seq).padStart(4, '0')}`, workspaceId, email, name, now });
  const outboxTypes = async (workspaceId: string) =>
    (await pool.query(`SELECT type FROM outbox WHERE workspace_id = $1 ORDER BY seq`, [workspaceId])).rows.map(
      (r: { type: string }) => r.type,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    sql = new Sql(pool);
    contacts = new SqlContactRepository(sql, new Outbox(sql, new RandomIdGenerator()));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('adds a contact with its outbox message in one transaction, and reads it back', async () => {
    const ws = await aWorkspace('ws_ctc_a');
    const contact = capture(ws, 'Ada@Example.com', 'Ada');
    const added = await sql.transaction(() => contacts.add(contact));
    expect(added.created).toBe(true);
    expect((await contacts.byId(ws, contact.state.id))?.state).toEqual(contact.state);
    expect(await outboxTypes(ws)).toHaveLength(1);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const ws = await aWorkspace('ws_ctc_b');
    const contact = capture(ws, 'rolled@example.com');
    await expect(
      sql.transaction(async () => {
        await contacts.add(contact);
        throw new Error('the caller failed after the add');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await contacts.byId(ws, contact.state.id)).toBeNull();
    expect(await outboxTypes(ws)).toEqual([]);
  });

  it("never reads another workspace's contact", async () => {
    const theirs = await aWorkspace('ws_ctc_c');
    const contact = capture(theirs, 'c@example.com');
    await sql.transaction(() => contacts.add(contact));
    expect(await contacts.byId(await aWorkspace('ws_ctc_d'), contact.state.id)).toBeNull();
  });

  it('locks every copy of an address, across workspaces or within one, in id order', async () => {
    const [x, y] = [await aWorkspace('ws_ctc_x'), await aWorkspace('ws_ctc_y')];
    const inY = capture(y, 'same@example.com');
    const inX = capture(x, 'same@example.com');
    const other = capture(x, 'other@example.com');
    for (const c of [inY, inX, other]) await sql.transaction(() => contacts.add(c));

    const everywhere = await sql.transaction(() => contacts.lockByEmail('same@example.com', undefined));
    expect(everywhere.map((c) => c.state.id)).toEqual([inY.state.id, inX.state.id].sort());
    const inOne = await sql.transaction(() => contacts.lockByEmail('same@example.com', x));
    expect(inOne.map((c) => c.state.id)).toEqual([inX.state.id]);

    // Held until the erasing transaction ends: a second eraser of the same address waits.
    const { whenSecondWaited, atTheEnd } = await secondWaitsForFirst(sql, pool, {
      first: () => contacts.lockByEmail('same@example.com', undefined),
      second: () => contacts.lockByEmail('same@example.com', x),
    });
    expect(whenSecondWaited).toEqual(['first locked']);
    expect(atTheEnd).toEqual(['first locked', 'first done', 'second locked']);
  });

  it('saves an erasure: the address and the name gone from the row, the deletion in the outbox', async () => {
    const ws = await aWorkspace('ws_ctc_e');
    const contact = capture(ws, 'gone@example.com', 'Gone Person');
    await sql.transaction(() => contacts.add(contact));
    const [locked] = await sql.transaction(() => contacts.lockByEmail('gone@example.com', ws));
    locked!.erase(new Date('2026-11-29T11:00:00.000Z'));
    await sql.transaction(() => contacts.saveErased(locked!));

    const row = (await pool.query(`SELECT email, name, deleted_at FROM contacts WHERE id = $1`, [contact.state.id])).rows[0];
    expect(row).toEqual({ email: null, name: null, deleted_at: new Date('2026-11-29T11:00:00.000Z') });
    expect((await contacts.byId(ws, contact.state.id))?.erased).toBe(true);
    const [created, deleted] = await outboxTypes(ws);
    expect(deleted).toBeDefined();
    expect(deleted).not.toBe(created);
    await expect(sql.transaction(() => contacts.saveErased(capture(ws, 'live@example.com')))).rejects.toThrow('is not erased');
  });
});
