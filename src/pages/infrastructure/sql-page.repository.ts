import { Injectable } from '@nestjs/common';
import { jsonb, prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { locksRows } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { pageOutboxMessage } from '../application/integration-events.js';
import { Page, type Block, type PageState } from '../domain/page.js';
import { isReservedSlug, slugCandidate } from '../domain/slug.js';
import { PageRepository } from '../application/ports/page.ports.js';
import { pages, type PageRow, type StoredBlock } from './pages.tables.js';

const toStored = (blocks: Block[]): StoredBlock[] =>
  blocks.map((b) => ({
    id: b.id,
    kind: b.kind,
    enabled: b.enabled,
    data: b.data,
    file_url: b.fileUrl,
    file_name: b.fileName,
  }));
const fromStored = (blocks: StoredBlock[]): Block[] =>
  blocks.map((b) => ({ id: b.id, kind: b.kind, enabled: b.enabled, data: b.data, fileUrl: b.file_url, fileName: b.file_name }));

function toPage(r: PageRow): Page {
  return Page.restore({
    id: r.id,
    workspaceId: r.workspace_id,
    title: r.title,
    description: r.description,
    slug: r.slug,
    status: r.status,
    locale: r.locale,
    theme: r.theme,
    draftBlocks: fromStored(r.draft_blocks),
    draftUpdatedAt: r.draft_updated_at,
    liveBlocks: r.live_blocks ? fromStored(r.live_blocks) : null,
    liveUpdatedAt: r.live_updated_at,
    scheduledPublishAt: r.scheduled_publish_at,
    createdAt: r.created_at,
  });
}

/** The columns a page's changes write (all but its id, workspace, slug and creation time). */
const changeable = (s: PageState) => ({
  title: s.title,
  description: s.description,
  status: s.status,
  locale: s.locale,
  theme: s.theme,
  draft_blocks: jsonb(toStored(s.draftBlocks)),
  draft_updated_at: s.draftUpdatedAt,
  live_blocks: s.liveBlocks ? jsonb(toStored(s.liveBlocks)) : null,
  live_updated_at: s.liveUpdatedAt,
  scheduled_publish_at: s.scheduledPublishAt,
});

const MAX_SLUG_ATTEMPTS = 200;

// The reads of the API's and the live site's hot paths, compiled once (docs/adr/0027).
const byIdQuery = (p: Slots<{ id: string; workspaceId: string }>) =>
  pages.selectFrom('pages').selectAll().where('id', '=', p.id).where('workspace_id', '=', p.workspaceId);
const pageById = prepared(byIdQuery);
const pageByIdForUpdate = prepared((p: Slots<{ id: string; workspaceId: string }>) => byIdQuery(p).forUpdate());
const liveBySlug = prepared((p: Slots<{ slug: string }>) =>
  pages
    .selectFrom('pages')
    .selectAll()
    .where('slug', '=', p.slug)
    .where('status', '=', sql.lit('PUBLISHED'))
    .where('live_blocks', 'is not', null),
);

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
    const row = await this.db.one(liveBySlug({ slug }));
    return row ? toPage(row) : null;
  }

  /**
   * Picks the lowest free `base`, `base-2`, … among committed slugs and inserts with ON CONFLICT DO NOTHING
   * on the unique slug constraint: a concurrent create that took the same candidate makes the insert a
   * no-op (never an error that would abort the caller's transaction), and we try the next candidate.
   */
  async insertWithFreeSlug(baseSlug: string, create: (slug: string) => Page): Promise<Page> {
    return this.db.transaction(() => this.insertUnderSlugLock(baseSlug, create));
  }

  /**
   * Creates with the same base slug queue on a transaction-scoped advisory lock, so concurrent "My page"
   * creates take -2, -3, … in turn instead of all racing for the same candidate and retrying. The unique
   * constraint stays the guarantee; the retry loop covers slugs taken by a different base.
   */
  private async insertUnderSlugLock(baseSlug: string, create: (slug: string) => Page): Promise<Page> {
    await this.db.all(sql`SELECT pg_advisory_xact_lock(hashtext('page-slug:' || ${baseSlug}))`);
    for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
      const rows = await this.db.all(
        pages
          .selectFrom('pages')
          .select('slug')
          .where((eb) => eb.or([eb('slug', '=', baseSlug), eb('slug', 'like', `${baseSlug.slice(0, 40)}%-%`)])),
      );
      const taken = new Set(rows.map((r) => r.slug));
      let n = 1;
      while (taken.has(slugCandidate(baseSlug, n)) || isReservedSlug(slugCandidate(baseSlug, n))) n++;
      const page = create(slugCandidate(baseSlug, n));
      const s = page.snapshot();
      const inserted = await this.db.all(
        pages
          .insertInto('pages')
          .values({
            id: s.id,
            workspace_id: s.workspaceId,
            slug: s.slug,
            created_at: s.createdAt,
            ...changeable(s),
          })
          .onConflict((oc) => oc.constraint('pages_slug_unique').doNothing())
          .returning('id'),
      );
      if (inserted.length === 1) return page;
    }
    throw new Error(`could not find a free slug for "${baseSlug}"`);
  }

  /** Compare-and-set on the concurrency stamp: writes only when `draft_updated_at` is still `expectedStamp`. */
  async update(page: Page, expectedStamp: Date): Promise<boolean> {
    const s = page.snapshot();
    const rows = await this.db.all(
      pages
        .updateTable('pages')
        .set(changeable(s))
        .where('id', '=', s.id)
        .where('workspace_id', '=', s.workspaceId)
        .where('draft_updated_at', '=', expectedStamp)
        .returning('id'),
    );
    if (rows.length !== 1) return false;
    await this.outbox.append(page.pullEvents().map(pageOutboxMessage));
    return true;
  }

  async claimDueSchedules(now: Date, limit: number): Promise<Page[]> {
    if (!this.db.inTransaction()) throw new Error('claimDueSchedules must run inside a transaction');
    const rows = await this.db.all(
      pages
        .selectFrom('pages')
        .selectAll()
        .where('scheduled_publish_at', 'is not', null)
        .where('scheduled_publish_at', '<=', now)
        .orderBy('scheduled_publish_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    );
    return rows.map(toPage);
  }
}
