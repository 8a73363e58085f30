import { Injectable } from '@nestjs/common';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { textArray } from '../../platform/database/array-parameters.js';
import { notify } from '../../platform/database/notify.js';
import { ALL, inShardGroup, isDistributed, shardGroupsOf } from '../../platform/database/shard-groups.js';
import { locksRows } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { pageOutboxMessage } from '../application/integration-events.js';
import type { Page, PageState } from '../domain/page.js';
import { SlugTakenError } from '../domain/page.errors.js';
import { isReservedSlug, slugCandidate, slugFreeFor } from '../domain/slug.js';
import { PageRepository, type MovedSlug } from '../application/ports/page.ports.js';
import { changeable, toPage, updateMany } from './page-rows.js';
import { LIVE_PAGES_CHANNEL, pages } from './pages.tables.js';

const MAX_SLUG_ATTEMPTS = 200;

/** The columns a live page shows (what `visible` compares); live blocks as text, jsonb has no ordering to compare. */
const SHOWN = ['slug', 'status', 'title', 'description', 'locale', 'theme', 'live_updated_at', 'avatar_path'] as const;
const shown = (table: string) => sql.join(SHOWN.map((c) => sql.ref(`${table}.${c}`)));

/**
 * The compare-and-set update of a page, returning what it replaced: whether what the live page shows changed
 * (`visible`), and whether its slug or status did (`moved`). `before` is read in the same statement, from the row as it
 * stood; a concurrent write that committed meanwhile moved the stamp, and then nothing is updated.
 */
const updateReturningBefore = (s: PageState, set: ReturnType<typeof changeable>, expectedStamp: Date) =>
  pages
    .updateTable('pages as p')
    .from((eb) =>
      eb
        .selectFrom('pages')
        .select([...SHOWN, 'id', 'workspace_id'])
        .select(sql<string>`live_blocks::text`.as('live'))
        .where('workspace_id', '=', s.workspaceId)
        .where('id', '=', s.id)
        .as('before'),
    )
    .set(set)
    // Only ever forward (docs/adr/0062): a write that loaded the page without a lock, before a revocation committed,
    // passes the stamp check (a revocation leaves the stamp) and must keep the revocation.
    .set({ preview_epoch: sql<number>`GREATEST(p.preview_epoch, ${s.previewEpoch}::int)` })
    .whereRef('p.workspace_id', '=', 'before.workspace_id')
    .whereRef('p.id', '=', 'before.id')
    .where('p.workspace_id', '=', s.workspaceId)
    .where('p.id', '=', s.id)
    .where('p.draft_updated_at', '=', expectedStamp)
    .returning([
      'before.slug as old_slug',
      sql<boolean>`(${shown('before')}) IS DISTINCT FROM (${shown('p')}) OR before.live IS DISTINCT FROM p.live_blocks::text`.as('visible'),
      sql<boolean>`before.slug <> p.slug OR before.status <> p.status`.as('moved'),
    ]);

// The reads of the API's and the live site's hot paths, compiled once (docs/adr/0027).
const byIdQuery = (p: Slots<{ id: string; workspaceId: string }>) =>
  pages.selectFrom('pages').selectAll().where('id', '=', p.id).where('workspace_id', '=', p.workspaceId);
const pageById = prepared(byIdQuery);
const pageByIdForUpdate = prepared((p: Slots<{ id: string; workspaceId: string }>) => byIdQuery(p).forUpdate());
/**
 * The live page at a slug, in two reads that each route to one place on a sharded cluster (docs/adr/0053): the slug's
 * holder in `page_slugs` (a reference table, keyed by slug), then that page by its key (one shard).
 */
const slugHolder = prepared((p: Slots<{ slug: string }>) =>
  pages.selectFrom('page_slugs').select(['workspace_id', 'page_id', 'expires_at']).where('slug', '=', p.slug),
);
const livePage = prepared((p: Slots<{ id: string; workspaceId: string; slug: string }>) =>
  byIdQuery(p).where('slug', '=', p.slug).where('status', '=', sql.lit('PUBLISHED')).where('live_blocks', 'is not', null),
);
// Pages this transaction locked (claimDueSchedules), by their keys, in the order their schedules fell due.
const claimedPages = prepared((p: Slots<{ workspaceIds: string[]; ids: string[] }>) =>
  pages
    .selectFrom('pages')
    .selectAll()
    .where((eb) => eb('workspace_id', '=', eb.fn.any(textArray(p.workspaceIds))))
    .where((eb) => eb('id', '=', eb.fn.any(textArray(p.ids))))
    .orderBy('scheduled_publish_at')
    .orderBy('id'),
);
// The workspaces of the schedules due first, read without locks: what a sharded cluster claims one shard group of.
const dueScheduleWorkspaces = prepared(
  (p: Slots<{ now: Date; limit: number }>) => sql<{ workspace_id: string }>`
    SELECT DISTINCT workspace_id FROM (
      SELECT workspace_id FROM pages WHERE scheduled_publish_at <= ${p.now}::timestamptz
      ORDER BY scheduled_publish_at LIMIT ${p.limit}::int
    ) AS due`,
);
// Where a live page that gave up a slug (still within its reservation) lives now, by its key (docs/adr/0042).
const movedPage = prepared((p: Slots<{ id: string; workspaceId: string }>) =>
  pages
    .selectFrom('pages')
    .select('slug')
    .where('workspace_id', '=', p.workspaceId)
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('PUBLISHED'))
    .where('live_blocks', 'is not', null),
);

/**
 * Makes `slug` this page's current slug in `page_slugs`, in one statement whose primary key settles any race: a new
 * row, or a row whose holder gave it up and may be replaced (its own workspace takes it back, or its reservation
 * ran out: `slugFreeFor`, written in SQL). Returns false when it is taken; nothing is then written.
 */
const claimSlug = (c: { slug: string; workspaceId: string; pageId: string; now: Date }) => sql<{ slug: string }>`
  INSERT INTO page_slugs AS s (slug, workspace_id, page_id, expires_at)
  VALUES (${c.slug}, ${c.workspaceId}, ${c.pageId}, NULL)
  ON CONFLICT (slug) DO UPDATE SET workspace_id = EXCLUDED.workspace_id, page_id = EXCLUDED.page_id, expires_at = NULL
  WHERE s.expires_at IS NOT NULL AND (s.workspace_id = EXCLUDED.workspace_id OR s.expires_at <= ${c.now})
  RETURNING s.slug`;

@Injectable()
export class SqlPageRepository extends PageRepository {
  constructor(
    private readonly db: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async byId(workspaceId: string, pageId: string, options: { lock?: boolean } = {}): Promise<Page | null> {
    const row = await this.db.one((locksRows(this.db, options) ? pageByIdForUpdate : pageById)({ id: pageId, workspaceId }));
    return row ? toPage(row) : null;
  }

  async liveBySlug(slug: string): Promise<Page | null> {
    const holder = await this.db.one(slugHolder({ slug }));
    if (!holder || holder.expires_at !== null) return null; // free, or given up (a redirect: movedTo)
    const row = await this.db.one(livePage({ id: holder.page_id, workspaceId: holder.workspace_id, slug }));
    return row ? toPage(row) : null;
  }

  async movedTo(slug: string, now: Date): Promise<MovedSlug | null> {
    const holder = await this.db.one(slugHolder({ slug }));
    if (!holder?.expires_at || holder.expires_at <= now) return null;
    const row = await this.db.one(movedPage({ id: holder.page_id, workspaceId: holder.workspace_id }));
    return row ? { slug: row.slug, until: holder.expires_at } : null;
  }

  /** Inserts a page under the slug its caller chose; slug_taken when another page holds it (docs/adr/0042). */
  async insertWithSlug(slug: string, create: (slug: string) => Page): Promise<Page> {
    return this.db.transaction(async () => {
      const page = create(slug);
      if (!(await this.insertClaimed(page))) throw new SlugTakenError(slug);
      return page;
    });
  }

  /**
   * Picks the lowest free `base`, `base-2`, … among the slugs spoken for (in use, or reserved by another workspace)
   * and claims it with one upsert on `page_slugs`' primary key: a concurrent create that took the same candidate
   * makes the claim a no-op (never an error that would abort the caller's transaction), and we try the next one.
   */
  async insertWithFreeSlug(baseSlug: string, create: (slug: string) => Page): Promise<Page> {
    return this.db.transaction(() => this.insertUnderSlugLock(baseSlug, create));
  }

  /**
   * Creates with the same base slug queue on a transaction-scoped advisory lock, so concurrent "My page"
   * creates take -2, -3, … in turn instead of all racing for the same candidate and retrying. The primary key of
   * `page_slugs` stays the guarantee; the retry loop covers slugs taken by a different base.
   */
  private async insertUnderSlugLock(baseSlug: string, create: (slug: string) => Page): Promise<Page> {
    await this.db.all(sql`SELECT pg_advisory_xact_lock(hashtext('page-slug:' || ${baseSlug}))`);
    const { workspaceId, createdAt: now } = create(baseSlug).snapshot();
    for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
      const rows = await this.db.all(
        pages
          .selectFrom('page_slugs')
          .select(['slug', 'workspace_id', 'expires_at'])
          .where((eb) => eb.or([eb('slug', '=', baseSlug), eb('slug', 'like', `${baseSlug.slice(0, 40)}%-%`)])),
      );
      const claims = new Map(rows.map((r) => [r.slug, { workspaceId: r.workspace_id, expiresAt: r.expires_at }]));
      const free = (slug: string) => !isReservedSlug(slug) && slugFreeFor(claims.get(slug) ?? null, workspaceId, now);
      let n = 1;
      while (!free(slugCandidate(baseSlug, n))) n++;
      const page = create(slugCandidate(baseSlug, n));
      if (await this.insertClaimed(page)) return page;
    }
    throw new Error(`could not find a free slug for "${baseSlug}"`);
  }

  /** Claims the new page's slug and, when that succeeds, inserts the page; false (nothing written) when it is taken. */
  private async insertClaimed(page: Page): Promise<boolean> {
    const s = page.snapshot();
    const claimed = await this.db.all(claimSlug({ slug: s.slug, workspaceId: s.workspaceId, pageId: s.id, now: s.createdAt }));
    if (claimed.length !== 1) return false;
    await notify(this.db, LIVE_PAGES_CHANNEL, [s.slug]); // a slug taken back may still show its old page
    // The claim makes the slug this page's: no other page's row can hold it (pages_slug_unique agrees with it).
    await this.db.all(
      pages
        .insertInto('pages')
        .values({ id: s.id, workspace_id: s.workspaceId, created_at: s.createdAt, preview_epoch: s.previewEpoch, ...changeable(s) }),
    );
    return true;
  }

  /** Compare-and-set on the concurrency stamp: writes only when `draft_updated_at` is still `expectedStamp`. */
  async update(page: Page, expectedStamp: Date): Promise<boolean> {
    const s = page.snapshot();
    const events = page.pullEvents();
    const slugChanges = events.flatMap((e) => (e.type === 'PageSlugChanged' ? [e] : []));
    // The new slug is claimed first: taken, nothing is written (and no other page's row is touched). A concurrent
    // write to this page that committed meanwhile (it may have claimed the same slug) makes this stale instead.
    for (const e of slugChanges) {
      const claimed = await this.db.all(claimSlug({ slug: e.to, workspaceId: e.workspaceId, pageId: e.pageId, now: e.changedAt }));
      if (claimed.length === 1) {
        await notify(this.db, LIVE_PAGES_CHANNEL, [e.to]); // it may be cached as a miss, or as a redirect taken back
        continue;
      }
      const current = await this.db.one(pageById({ id: s.id, workspaceId: s.workspaceId }));
      if (current && current.draft_updated_at.getTime() !== expectedStamp.getTime()) return false;
      throw new SlugTakenError(e.to);
    }
    const rows = await this.db.all(updateReturningBefore(s, changeable(s), expectedStamp));
    if (rows.length !== 1) return false;
    await this.notifyLiveChange(s, rows[0]!);
    // The old slug redirects and stays the workspace's until its reservation ends; a never-live page's is free at once.
    for (const e of slugChanges) {
      await this.db.all(
        e.reservedUntil
          ? pages.updateTable('page_slugs').set({ expires_at: e.reservedUntil }).where('slug', '=', e.from).where('page_id', '=', e.pageId)
          : pages.deleteFrom('page_slugs').where('slug', '=', e.from).where('page_id', '=', e.pageId),
      );
    }
    await this.outbox.append(events.flatMap((e) => pageOutboxMessage(e) ?? []));
    return true;
  }

  /** Many `update`s in one statement, their outbox rows in one more; no slug moves (those go through `update`). */
  async updateMany(changes: { page: Page; expectedStamp: Date }[]): Promise<boolean> {
    if (!this.db.inTransaction()) throw new Error('updateMany must run inside a transaction');
    if (changes.length === 0) return true;
    const events = changes.flatMap(({ page }) => page.pullEvents());
    if (events.some((e) => e.type === 'PageSlugChanged')) throw new Error('updateMany does not move slugs: use update');
    if (await isDistributed(this.db)) {
      // On a cluster sharded with Citus, page by page: the one-statement form reads each row out of a JSON array
      // (`jsonb_populate_record`, STABLE, on a column), which Citus does not run in an UPDATE (docs/adr/0053).
      for (const { page, expectedStamp } of changes) {
        const s = page.snapshot();
        if ((await this.db.all(updateReturningBefore(s, changeable(s), expectedStamp))).length !== 1) return false;
      }
    } else {
      const written = await this.db.all(updateMany(changes.map((c) => ({ state: c.page.snapshot(), expectedStamp: c.expectedStamp }))));
      if (written.length !== changes.length) return false;
    }
    // Each page's live page changed (a publish): its slug, and every slug that redirects to it, shows something else.
    const held = await this.slugsHeldBy(changes.map((c) => c.page.snapshot().id));
    await notify(this.db, LIVE_PAGES_CHANNEL, [...changes.map((c) => c.page.snapshot().slug), ...held]);
    await this.outbox.append(events.flatMap((e) => pageOutboxMessage(e) ?? []));
    return true;
  }

  /**
   * Tells every process which slugs show something else now (docs/adr/0030): when what the live page shows changed,
   * its slug before and after; when the slug or the status changed, every slug of the page (its redirects follow it).
   * Draft edits notify nothing.
   */
  private async notifyLiveChange(s: PageState, before: { old_slug: string; visible: boolean; moved: boolean }): Promise<void> {
    if (!before.visible) return;
    const slugs = [before.old_slug, s.slug];
    if (before.moved) slugs.push(...(await this.slugsHeldBy([s.id])));
    await notify(this.db, LIVE_PAGES_CHANNEL, slugs);
  }

  /** Every slug these pages hold in `page_slugs`: their current ones and those that redirect to them. */
  private async slugsHeldBy(pageIds: string[]): Promise<string[]> {
    const rows = await this.db.all(
      pages
        .selectFrom('page_slugs')
        .select('slug')
        .where((eb) => eb('page_id', '=', eb.fn.any(textArray(pageIds)))),
    );
    return rows.map((r) => r.slug);
  }

  /**
   * Two steps: the due rows are locked first, reading only their ids and draft sizes, then the longest prefix within
   * `maxBytes` of draft JSON (at least one page) is read in full. The rest stay locked until the commit, then due.
   */
  async claimDueSchedules(now: Date, limit: number, maxBytes = Infinity): Promise<Page[]> {
    if (!this.db.inTransaction()) throw new Error('claimDueSchedules must run inside a transaction');
    // One shard group a transaction on a cluster sharded by workspace (docs/adr/0053), the first whose due pages are not
    // all held by another worker; every workspace on one PostgreSQL.
    const groups = (await isDistributed(this.db))
      ? await shardGroupsOf(
          this.db,
          (await this.db.all(dueScheduleWorkspaces({ now, limit }))).map((r) => r.workspace_id),
        )
      : [ALL];
    let due: { workspace_id: string; id: string; bytes: number }[] = [];
    for (const group of groups) {
      due = await this.db.all(
        pages
          .selectFrom('pages')
          .select(['workspace_id', 'id', sql<number>`octet_length(draft_blocks::text)`.as('bytes')])
          .where(inShardGroup(group))
          .where('scheduled_publish_at', 'is not', null)
          .where('scheduled_publish_at', '<=', now)
          .orderBy('scheduled_publish_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      );
      if (due.length > 0) break;
    }
    const claimed: typeof due = [];
    let bytes = 0;
    for (const d of due) {
      bytes += d.bytes;
      if (claimed.length > 0 && bytes > maxBytes) break;
      claimed.push(d);
    }
    if (claimed.length === 0) return [];
    const rows = await this.db.all(
      claimedPages({ workspaceIds: [...new Set(claimed.map((d) => d.workspace_id))], ids: claimed.map((d) => d.id) }),
    );
    return rows.map(toPage);
  }
}
