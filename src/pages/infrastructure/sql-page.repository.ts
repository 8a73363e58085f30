import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Outbox, type OutboxMessage } from '../../platform/outbox/outbox.js';
import type { PageEvent } from '../domain/page.events.js';
import type { BlockData } from '../domain/block-schema.js';
import type { BlockKind } from '../domain/block-kinds.js';
import { Page, type Block, type PageStatus } from '../domain/page.js';
import { isReservedSlug, slugCandidate } from '../domain/slug.js';
import type { ThemePresetKey } from '../domain/theme.js';
import { PageRepository } from '../application/ports/page.ports.js';

interface BlockJson {
  id: string;
  kind: BlockKind;
  enabled: boolean;
  data: BlockData;
  file_url: string | null;
  file_name: string | null;
}

interface Row {
  id: string;
  workspace_id: string;
  title: string;
  description: string;
  slug: string;
  status: PageStatus;
  locale: string;
  theme: ThemePresetKey;
  draft_blocks: BlockJson[];
  draft_updated_at: Date;
  live_blocks: BlockJson[] | null;
  live_updated_at: Date | null;
  scheduled_publish_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'id, workspace_id, title, description, slug, status, locale, theme, draft_blocks, draft_updated_at, ' +
  'live_blocks, live_updated_at, scheduled_publish_at, created_at';

const toJson = (blocks: Block[]): string =>
  JSON.stringify(
    blocks.map((b): BlockJson => ({
      id: b.id,
      kind: b.kind,
      enabled: b.enabled,
      data: b.data,
      file_url: b.fileUrl,
      file_name: b.fileName,
    })),
  );
const fromJson = (blocks: BlockJson[]): Block[] =>
  blocks.map((b) => ({ id: b.id, kind: b.kind, enabled: b.enabled, data: b.data, fileUrl: b.file_url, fileName: b.file_name }));
const date = (d: Date | null) => (d ? new Date(d) : null);

function toPage(r: Row): Page {
  return Page.restore({
    id: r.id,
    workspaceId: r.workspace_id,
    title: r.title,
    description: r.description,
    slug: r.slug,
    status: r.status,
    locale: r.locale,
    theme: r.theme,
    draftBlocks: fromJson(r.draft_blocks),
    draftUpdatedAt: new Date(r.draft_updated_at),
    liveBlocks: r.live_blocks ? fromJson(r.live_blocks) : null,
    liveUpdatedAt: date(r.live_updated_at),
    scheduledPublishAt: date(r.scheduled_publish_at),
    createdAt: new Date(r.created_at),
  });
}

/** The integration event of a page's domain event: `page.published` carries the contract's page fields. */
function toOutboxMessage(e: PageEvent): OutboxMessage {
  return {
    type: 'page.published',
    workspaceId: e.workspaceId,
    data: { page: { id: e.pageId, title: e.title, slug: e.slug, published_at: e.publishedAt.toISOString() } },
    occurredAt: e.publishedAt,
  };
}

const MAX_SLUG_ATTEMPTS = 200;

@Injectable()
export class SqlPageRepository extends PageRepository {
  constructor(
    private readonly sql: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async byId(workspaceId: string, pageId: string, options: { lock?: boolean } = {}): Promise<Page | null> {
    const lock = options.lock && this.sql.inTransaction() ? ' FOR UPDATE' : '';
    const row = await this.sql.one<Row>(`SELECT ${COLUMNS} FROM pages WHERE id = ? AND workspace_id = ?${lock}`, [pageId, workspaceId]);
    return row ? toPage(row) : null;
  }

  async liveBySlug(slug: string): Promise<Page | null> {
    const row = await this.sql.one<Row>(
      `SELECT ${COLUMNS} FROM pages WHERE slug = ? AND status = 'PUBLISHED' AND live_blocks IS NOT NULL`,
      [slug],
    );
    return row ? toPage(row) : null;
  }

  /**
   * Picks the lowest free `base`, `base-2`, … among committed slugs and inserts with ON CONFLICT DO NOTHING
   * on the unique slug constraint: a concurrent create that took the same candidate makes the insert a
   * no-op (never an error that would abort the caller's transaction), and we try the next candidate.
   */
  async insertWithFreeSlug(baseSlug: string, create: (slug: string) => Page): Promise<Page> {
    return this.sql.transaction(() => this.insertUnderSlugLock(baseSlug, create));
  }

  /**
   * Creates with the same base slug queue on a transaction-scoped advisory lock, so concurrent "My page"
   * creates take -2, -3, … in turn instead of all racing for the same candidate and retrying. The unique
   * constraint stays the guarantee; the retry loop covers slugs taken by a different base.
   */
  private async insertUnderSlugLock(baseSlug: string, create: (slug: string) => Page): Promise<Page> {
    await this.sql.all(`SELECT pg_advisory_xact_lock(hashtext('page-slug:' || ?))`, [baseSlug]);
    for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
      const taken = new Set(
        (
          await this.sql.all<{ slug: string }>(`SELECT slug FROM pages WHERE slug = ? OR slug LIKE ?`, [
            baseSlug,
            `${baseSlug.slice(0, 40)}%-%`,
          ])
        ).map((r) => r.slug),
      );
      let n = 1;
      while (taken.has(slugCandidate(baseSlug, n)) || isReservedSlug(slugCandidate(baseSlug, n))) n++;
      const page = create(slugCandidate(baseSlug, n));
      const s = page.snapshot();
      const inserted = await this.sql.all(
        `INSERT INTO pages (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?, ?)
         ON CONFLICT ON CONSTRAINT pages_slug_unique DO NOTHING RETURNING id`,
        [
          s.id,
          s.workspaceId,
          s.title,
          s.description,
          s.slug,
          s.status,
          s.locale,
          s.theme,
          toJson(s.draftBlocks),
          s.draftUpdatedAt,
          s.liveBlocks ? toJson(s.liveBlocks) : null,
          s.liveUpdatedAt,
          s.scheduledPublishAt,
          s.createdAt,
        ],
      );
      if (inserted.length === 1) return page;
    }
    throw new Error(`could not find a free slug for "${baseSlug}"`);
  }

  async update(page: Page, expectedStamp: Date): Promise<boolean> {
    const s = page.snapshot();
    const rows = await this.sql.all(
      `UPDATE pages SET title = ?, description = ?, status = ?, locale = ?, theme = ?, draft_blocks = ?::jsonb, draft_updated_at = ?,
              live_blocks = ?::jsonb, live_updated_at = ?, scheduled_publish_at = ?
        WHERE id = ? AND workspace_id = ? AND draft_updated_at = ?
        RETURNING id`,
      [
        s.title,
        s.description,
        s.status,
        s.locale,
        s.theme,
        toJson(s.draftBlocks),
        s.draftUpdatedAt,
        s.liveBlocks ? toJson(s.liveBlocks) : null,
        s.liveUpdatedAt,
        s.scheduledPublishAt,
        s.id,
        s.workspaceId,
        expectedStamp,
      ],
    );
    if (rows.length !== 1) return false;
    await this.outbox.append(page.pullEvents().map(toOutboxMessage));
    return true;
  }

  async claimDueSchedules(now: Date, limit: number): Promise<Page[]> {
    if (!this.sql.inTransaction()) throw new Error('claimDueSchedules must run inside a transaction');
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM pages WHERE scheduled_publish_at IS NOT NULL AND scheduled_publish_at <= ?
        ORDER BY scheduled_publish_at LIMIT ? FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map(toPage);
  }
}
