import { Injectable } from '@nestjs/common';
import { lockName } from '../../platform/database/advisory-lock.js';
import { notify } from '../../platform/database/notify.js';
import type { LockOption } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { pageOutboxEvent } from '../application/integration-events.js';
import type { Page, PageState } from '../domain/page.js';
import { SlugTakenError } from '../domain/page.errors.js';
import { isReservedSlug, slugCandidate, slugFreeFor } from '../domain/slug.js';
import { PageRepository, type MovedSlug } from '../application/ports/page.ports.js';
import { claimSlug, livePage, movedPage, pageById, slugHolder, slugsHeldBy, updateReturningBefore } from './page.statements.js';
import { changeable, toPage } from './page-rows.js';
import { LIVE_PAGES_CHANNEL, pages } from './pages.tables.js';

const MAX_SLUG_ATTEMPTS = 200;

/** Pages for the API and the live site; the scheduler's claim and batch save are SqlScheduledPages. */
@Injectable()
export class SqlPageRepository extends PageRepository {
  constructor(
    private readonly db: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async byId(workspaceId: string, pageId: string, options: LockOption = {}): Promise<Page | null> {
    const row = await this.db.one(pageById(this.db, { id: pageId, workspaceId }, options));
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
    await lockName(this.db, `page-slug:${baseSlug}`);
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
    // The claim makes the slug this page's: no other page holds it (page_slugs, keyed by slug, is the one unique place).
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
      const current = await this.db.one(pageById(this.db, { id: s.id, workspaceId: s.workspaceId }));
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
    await this.outbox.append(events.flatMap((e) => pageOutboxEvent(e) ?? []));
    return true;
  }

  /**
   * Tells every process which slugs show something else now (docs/adr/0092): when what the live page shows changed,
   * its slug before and after; when the slug or the status changed, every slug of the page (its redirects follow it).
   * Draft edits notify nothing.
   */
  private async notifyLiveChange(s: PageState, before: { old_slug: string; visible: boolean; moved: boolean }): Promise<void> {
    if (!before.visible) return;
    const slugs = [before.old_slug, s.slug];
    if (before.moved) slugs.push(...(await this.db.all(slugsHeldBy({ pageIds: [s.id] }))).map((r) => r.slug));
    await notify(this.db, LIVE_PAGES_CHANNEL, slugs);
  }
}
