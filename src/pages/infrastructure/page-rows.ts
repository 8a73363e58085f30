import { jsonb, sql } from '../../platform/database/query-builder.js';
import { Page, type Block, type PageState } from '../domain/page.js';
import type { PageRow, StoredBlock } from './pages.tables.js';

/** A page's row and its state (docs/adr/0027): the one mapping between them, for reads, writes and batch writes. */

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

export function toPage(r: PageRow): Page {
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
    avatar: r.avatar_file_id && r.avatar_path ? { fileId: r.avatar_file_id, publicPath: r.avatar_path } : null,
    previewEpoch: r.preview_epoch,
  });
}

/**
 * The columns a page's changes write (all but its id, workspace and creation time), as plain values. Not the preview
 * epoch: it only grows, and a write that read the page before a revocation must not set it back (`update` writes it
 * as the greater of the stored and the page's, docs/adr/0062; the batch writes, publishes, never move it).
 */
const changedColumns = (s: PageState) => ({
  slug: s.slug,
  title: s.title,
  description: s.description,
  status: s.status,
  locale: s.locale,
  theme: s.theme,
  draft_blocks: toStored(s.draftBlocks),
  draft_updated_at: s.draftUpdatedAt,
  live_blocks: s.liveBlocks ? toStored(s.liveBlocks) : null,
  live_updated_at: s.liveUpdatedAt,
  scheduled_publish_at: s.scheduledPublishAt,
  avatar_file_id: s.avatar?.fileId ?? null,
  avatar_path: s.avatar?.publicPath ?? null,
});

/** The same columns for one statement's values (the blocks sent as jsonb). */
export const changeable = (s: PageState) => {
  const c = changedColumns(s);
  return { ...c, draft_blocks: jsonb(c.draft_blocks), live_blocks: c.live_blocks ? jsonb(c.live_blocks) : null };
};

/** Every column of `changedColumns` (the type fails to check when one is missing), in the order a batch sets them. */
const everyChangedColumn: Record<keyof ReturnType<typeof changedColumns>, true> = {
  slug: true,
  title: true,
  description: true,
  status: true,
  locale: true,
  theme: true,
  draft_blocks: true,
  draft_updated_at: true,
  live_blocks: true,
  live_updated_at: true,
  scheduled_publish_at: true,
  avatar_file_id: true,
  avatar_path: true,
};
const CHANGED = Object.keys(everyChangedColumn);

/**
 * Compare-and-set of many pages in one statement: `$1` is a JSON array of each page's id, workspace, changed columns
 * (`changedColumns`) and the stamp it must still have; PostgreSQL reads each element as a `pages` row. One text for
 * any number of pages. Returns the ids written.
 */
export const updateMany = (changes: { state: PageState; expectedStamp: Date }[]) => {
  const rows = changes.map(({ state: s, expectedStamp }) => ({
    id: s.id,
    workspace_id: s.workspaceId,
    ...changedColumns(s),
    expected_stamp: expectedStamp,
  }));
  return sql<{ id: string }>`
    UPDATE pages AS p SET (${sql.join(CHANGED.map((c) => sql.ref(c)))}) = (${sql.join(CHANGED.map((c) => sql.ref(`v.${c}`)))})
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e, jsonb_populate_record(NULL::pages, e) AS v
     WHERE p.id = v.id AND p.workspace_id = v.workspace_id AND p.draft_updated_at = (e->>'expected_stamp')::timestamptz
    RETURNING p.id`;
};
