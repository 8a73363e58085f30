import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Page } from '../../../src/pages/domain/page.js';
import { SlugTakenError } from '../../../src/pages/domain/page.errors.js';
import { slugReservedUntil } from '../../../src/pages/domain/slug.js';
import { SqlPageRepository } from '../../../src/pages/infrastructure/sql-page.repository.js';
import { SqlScheduledPages } from '../../../src/pages/infrastructure/sql-scheduled-pages.js';
import { Sql } from '../../../src/platform/database/sql.js';
import { Outbox } from '../../../src/platform/outbox/outbox.js';
import { RandomIdGenerator } from '../../../src/platform/time/ids.js';
import { createTestDatabase } from '../../support/test-app.js';

/**
 * The page repositories alone on a migrated PostgreSQL: the aggregate's round trip (draft and live blocks), the
 * compare-and-set on the concurrency stamp, the slug claims in `page_slugs`, and the scheduler's claim of due
 * schedules under SKIP LOCKED, checked by two transactions at once.
 */
describe('SqlPageRepository and SqlScheduledPages', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sql: Sql;
  let pages: SqlPageRepository;
  let scheduled: SqlScheduledPages;
  let clock = new Date('2026-11-29T10:00:00.000Z').getTime();
  const tick = () => new Date((clock += 1000));

  const aWorkspace = async (id: string) => {
    await pool.query(`INSERT INTO workspaces (id, name, plan, created_at, updated_at) VALUES ($1, 'W', 'pro', $2, $2)`, [id, tick()]);
    return id;
  };
  const create = (workspaceId: string, id: string) => (slug: string) => Page.create({ id, workspaceId, title: 'Ada', slug, now: tick() });
  const withLink = (page: Page, blockId: string) =>
    page.addBlock({ id: blockId, kind: 'LINK', data: { url: 'https://example.com/', title: blockId }, file: null }, tick());
  const save = (page: Page, stamp: Date) => sql.transaction(() => pages.update(page, stamp));
  const outboxTypes = async (workspaceId: string) =>
    (await pool.query(`SELECT type FROM outbox WHERE workspace_id = $1 ORDER BY seq`, [workspaceId])).rows.map(
      (r: { type: string }) => r.type,
    );
  const ids = (claimed: Page[]) => claimed.map((p) => p.snapshot().id);

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    sql = new Sql(pool);
    const outbox = new Outbox(sql, new RandomIdGenerator());
    pages = new SqlPageRepository(sql, outbox);
    scheduled = new SqlScheduledPages(sql, outbox);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('reads a page back as it was saved: its draft blocks apart from its live ones', async () => {
    const ws = await aWorkspace('ws_pg_a');
    const page = await pages.insertWithSlug('ada-links', create(ws, 'pg_a1'));
    expect((await pages.byId(ws, 'pg_a1'))?.snapshot()).toEqual(page.snapshot());
    expect(await pages.liveBySlug('ada-links')).toBeNull(); // a draft is not on the live site

    const stamp = page.stamp;
    withLink(page, 'blk_a1');
    page.publish(tick());
    withLink(page, 'blk_a2'); // after the publish: the draft's alone
    expect(await save(page, stamp)).toBe(true);

    const loaded = (await pages.byId(ws, 'pg_a1'))!.snapshot();
    expect(loaded).toEqual(page.snapshot());
    expect(loaded.draftBlocks.map((b) => b.id)).toEqual(['blk_a1', 'blk_a2']);
    expect(loaded.liveBlocks?.map((b) => b.id)).toEqual(['blk_a1']);
    expect((await pages.liveBySlug('ada-links'))?.snapshot()).toEqual(loaded);
    expect(await outboxTypes(ws)).toEqual(['page.published']);
  });

  it("never reads or writes another workspace's page", async () => {
    const theirs = await aWorkspace('ws_pg_b');
    const mine = await aWorkspace('ws_pg_c');
    const page = await pages.insertWithSlug('their-page', create(theirs, 'pg_b1'));
    expect(await pages.byId(mine, 'pg_b1')).toBeNull();

    const forged = Page.restore({ ...page.snapshot(), workspaceId: mine });
    forged.edit({ title: 'Taken over' }, tick());
    expect(await save(forged, page.stamp)).toBe(false);
    expect((await pages.byId(theirs, 'pg_b1'))?.snapshot().title).toBe('Ada');
  });

  it('writes only over the stamp it read: the second of two writers loses, and a revocation is never undone', async () => {
    const ws = await aWorkspace('ws_pg_d');
    const page = await pages.insertWithSlug('two-writers', create(ws, 'pg_d1'));
    const stamp = page.stamp;
    const first = (await pages.byId(ws, 'pg_d1'))!;
    const second = (await pages.byId(ws, 'pg_d1'))!;
    first.edit({ title: 'First' }, tick());
    second.edit({ title: 'Second' }, tick());
    expect(await save(first, stamp)).toBe(true);
    expect(await save(second, stamp)).toBe(false);
    expect((await pages.byId(ws, 'pg_d1'))?.snapshot()).toEqual(first.snapshot());

    // A revocation keeps the stamp, so a writer that read before it still saves, but cannot set the epoch back.
    const revoking = (await pages.byId(ws, 'pg_d1'))!;
    const late = (await pages.byId(ws, 'pg_d1'))!;
    revoking.revokePreviewLinks();
    expect(await save(revoking, first.stamp)).toBe(true);
    late.edit({ description: 'late edit' }, tick());
    expect(await save(late, first.stamp)).toBe(true);
    const stored = (await pages.byId(ws, 'pg_d1'))!.snapshot();
    expect([stored.description, stored.previewEpoch]).toEqual(['late edit', revoking.snapshot().previewEpoch]);
    expect(stored.previewEpoch).toBeGreaterThan(0);
  });

  it('claims slugs across workspaces: taken, the next free one, and a live page’s old slug kept for its workspace', async () => {
    const [x, y] = [await aWorkspace('ws_pg_x'), await aWorkspace('ws_pg_y')];
    const page = await pages.insertWithSlug('shared-name', create(x, 'pg_x1'));
    await expect(pages.insertWithSlug('shared-name', create(y, 'pg_y1'))).rejects.toThrow(SlugTakenError);
    expect(await pages.byId(y, 'pg_y1')).toBeNull();
    expect((await pages.insertWithFreeSlug('shared-name', create(y, 'pg_y2'))).snapshot().slug).toBe('shared-name-2');

    let stamp = page.stamp;
    withLink(page, 'blk_x1');
    page.publish(tick());
    expect(await save(page, stamp)).toBe(true);
    stamp = page.stamp;
    const renamedAt = tick();
    page.edit({ slug: 'new-name' }, renamedAt);
    expect(await save(page, stamp)).toBe(true);

    expect(await pages.liveBySlug('shared-name')).toBeNull();
    expect((await pages.liveBySlug('new-name'))?.snapshot().id).toBe('pg_x1');
    expect(await pages.movedTo('shared-name', tick())).toEqual({ slug: 'new-name', until: slugReservedUntil(renamedAt) });
    // Reserved: another workspace cannot take it, by name or by the free-slug picker; a rename onto a slug in use fails.
    await expect(pages.insertWithSlug('shared-name', create(y, 'pg_y3'))).rejects.toThrow(SlugTakenError);
    expect((await pages.insertWithFreeSlug('shared-name', create(y, 'pg_y4'))).snapshot().slug).toBe('shared-name-3');
    const renaming = (await pages.byId(y, 'pg_y2'))!;
    const readStamp = renaming.stamp;
    renaming.edit({ slug: 'new-name' }, tick());
    await expect(save(renaming, readStamp)).rejects.toThrow(SlugTakenError);
    expect((await pages.byId(y, 'pg_y2'))?.snapshot().slug).toBe('shared-name-2');
    // Its own workspace takes it back, which ends the redirect.
    await pages.insertWithSlug('shared-name', create(x, 'pg_x2'));
    expect(await pages.movedTo('shared-name', tick())).toBeNull();
  });

  it('gives two concurrent claims of due schedules different pages (SKIP LOCKED), then publishes them together', async () => {
    const ws = await aWorkspace('ws_pg_s');
    const at = new Date(clock + 3_600_000);
    for (const [i, id] of ['pg_s1', 'pg_s2', 'pg_s3'].entries()) {
      const page = await pages.insertWithSlug(`scheduled-${i}`, create(ws, id));
      const stamp = page.stamp;
      withLink(page, `blk_${id}`);
      page.schedulePublish(new Date(at.getTime() + i), tick());
      expect(await save(page, stamp)).toBe(true);
    }
    const due = new Date(at.getTime() + 60_000);
    await expect(scheduled.claimDue(due, 10)).rejects.toThrow('inside a transaction');

    let firstClaim: string[] | undefined;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = sql.transaction(async () => {
      firstClaim = ids(await scheduled.claimDue(due, 1));
      await held;
    });
    while (!firstClaim) await new Promise((r) => setTimeout(r, 5));
    const second = sql.transaction(async () => ids(await scheduled.claimDue(due, 10)));
    const blocked = new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 2000));
    const secondClaim = await Promise.race([second, blocked]);
    release();
    await first;
    expect(firstClaim).toEqual(['pg_s1']); // the earliest due
    expect(secondClaim).toEqual(['pg_s2', 'pg_s3']); // the rest, without waiting

    // At most maxBytes of drafts, but always the first page.
    expect(ids(await sql.transaction(() => scheduled.claimDue(due, 10, 1)))).toEqual(['pg_s1']);

    const saved = await sql.transaction(async () => {
      const claimed = await scheduled.claimDue(due, 10);
      const changes = claimed.map((page) => ({ page, expectedStamp: page.stamp }));
      for (const { page } of changes) page.publish(due);
      return scheduled.saveAll(changes);
    });
    expect(saved).toBe(true);
    const rows = (await pool.query(`SELECT status, scheduled_publish_at FROM pages WHERE workspace_id = $1 ORDER BY id`, [ws])).rows;
    expect(rows).toEqual(Array(3).fill({ status: 'PUBLISHED', scheduled_publish_at: null }));
    expect(await outboxTypes(ws)).toEqual(Array(3).fill('page.published'));
    expect(await sql.transaction(() => scheduled.claimDue(due, 10))).toEqual([]);

    // A stale page in the batch: false, for the caller to roll back.
    const stale = (await pages.byId(ws, 'pg_s1'))!;
    stale.edit({ title: 'stale' }, tick());
    expect(await sql.transaction(() => scheduled.saveAll([{ page: stale, expectedStamp: new Date(0) }]))).toBe(false);
  });
});
