import { textArray } from '../../platform/database/array-parameters.js';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { lockable } from '../../platform/database/row-lock.js';
import type { PageState } from '../domain/page.js';
import type { changeable } from './page-rows.js';
import { pages } from './pages.tables.js';

/** The page repositories' statements: how SqlPageRepository and SqlScheduledPages read and write `pages`. */

/** The columns a live page shows (what `visible` compares); live blocks as text, jsonb has no ordering to compare. */
const SHOWN = ['slug', 'status', 'title', 'description', 'locale', 'theme', 'live_updated_at', 'avatar_path'] as const;
const shown = (table: string) => sql.join(SHOWN.map((c) => sql.ref(`${table}.${c}`)));

/**
 * The compare-and-set update of a page, returning what it replaced: whether what the live page shows changed
 * (`visible`), and whether its slug or status did (`moved`). `before` is read in the same statement, from the row as it
 * stood; a concurrent write that committed meanwhile moved the stamp, and then nothing is updated.
 */
export const updateReturningBefore = (s: PageState, set: ReturnType<typeof changeable>, expectedStamp: Date) =>
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
export const pageById = lockable(byIdQuery);
/**
 * The live page at a slug, in two reads that each route to one place on a sharded cluster (docs/adr/0053): the slug's
 * holder in `page_slugs` (a reference table, keyed by slug), then that page by its key (one shard).
 */
export const slugHolder = prepared((p: Slots<{ slug: string }>) =>
  pages.selectFrom('page_slugs').select(['workspace_id', 'page_id', 'expires_at']).where('slug', '=', p.slug),
);
export const livePage = prepared((p: Slots<{ id: string; workspaceId: string; slug: string }>) =>
  byIdQuery(p).where('slug', '=', p.slug).where('status', '=', sql.lit('PUBLISHED')).where('live_blocks', 'is not', null),
);
// Pages this transaction locked (SqlScheduledPages.claimDue), by their keys, in the order their schedules fell due.
export const claimedPages = prepared((p: Slots<{ workspaceIds: string[]; ids: string[] }>) =>
  pages
    .selectFrom('pages')
    .selectAll()
    .where((eb) => eb('workspace_id', '=', eb.fn.any(textArray(p.workspaceIds))))
    .where((eb) => eb('id', '=', eb.fn.any(textArray(p.ids))))
    .orderBy('scheduled_publish_at')
    .orderBy('id'),
);
// The workspaces of the schedules due first, read without locks: what a sharded cluster claims one shard group of.
export const dueScheduleWorkspaces = prepared(
  (p: Slots<{ now: Date; limit: number }>) => sql<{ workspace_id: string }>`
    SELECT DISTINCT workspace_id FROM (
      SELECT workspace_id FROM pages WHERE scheduled_publish_at <= ${p.now}::timestamptz
      ORDER BY scheduled_publish_at LIMIT ${p.limit}::int
    ) AS due`,
);
// Where a live page that gave up a slug (still within its reservation) lives now, by its key (docs/adr/0042).
export const movedPage = prepared((p: Slots<{ id: string; workspaceId: string }>) =>
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
export const claimSlug = (c: { slug: string; workspaceId: string; pageId: string; now: Date }) => sql<{ slug: string }>`
  INSERT INTO page_slugs AS s (slug, workspace_id, page_id, expires_at)
  VALUES (${c.slug}, ${c.workspaceId}, ${c.pageId}, NULL)
  ON CONFLICT (slug) DO UPDATE SET workspace_id = EXCLUDED.workspace_id, page_id = EXCLUDED.page_id, expires_at = NULL
  WHERE s.expires_at IS NOT NULL AND (s.workspace_id = EXCLUDED.workspace_id OR s.expires_at <= ${c.now})
  RETURNING s.slug`;

/** Every slug these pages hold in `page_slugs`: their current ones and those that redirect to them. */
export const slugsHeldBy = prepared((p: Slots<{ pageIds: string[] }>) =>
  pages
    .selectFrom('page_slugs')
    .select('slug')
    .where((eb) => eb('page_id', '=', eb.fn.any(textArray(p.pageIds)))),
);
