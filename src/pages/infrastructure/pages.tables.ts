import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';
import type { BlockData } from '../domain/block-fields.js';
import type { BlockKind } from '../domain/block-kinds.js';
import type { PageStatus } from '../domain/page.js';
import type { ThemePresetKey } from '../domain/theme.js';

/** A block as the page's `draft_blocks` and `live_blocks` columns hold it. */
export type StoredBlock = {
  id: string;
  kind: BlockKind;
  enabled: boolean;
  data: BlockData;
  file_url: string | null;
  file_name: string | null;
};

/** The pages context's table (docs/adr/0027): draft and live snapshots, the route (slug) and the schedule. */
export const PageTable = defineEntity({
  name: 'Page',
  tableName: 'pages',
  properties: {
    workspace: workspaceReference('pages').primary(),
    id: p.text().primary(),
    title: p.text(),
    description: p.text().default(''),
    /** unique through `page_slugs` (the routing table), not here: a unique key must lead with the workspace */
    slug: p.text(),
    status: p.text().$type<PageStatus>(),
    locale: p.text(),
    theme: p.text().$type<ThemePresetKey>(),
    draftBlocks: p.json<StoredBlock[]>(),
    draftUpdatedAt: p.datetime(3),
    liveBlocks: p.json<StoredBlock[]>().nullable(),
    liveUpdatedAt: p.datetime(3).nullable(),
    scheduledPublishAt: p.datetime(3).nullable(),
    createdAt: p.datetime(3),
    /** the avatar's file and the path it is served at (resolved when set, like a block's file_url; migration 0011) */
    avatarFileId: p.text().nullable(),
    avatarPath: p.text().nullable(),
    /** how many times every preview link of the page was ended: archives and revocations (migration 0028, docs/adr/0062) */
    previewEpoch: p.integer().default(0),
  },
  checks: [{ name: 'pages_status_check', expression: "status IN ('DRAFT', 'PUBLISHED', 'ARCHIVED')" }],
  indexes: [
    { name: 'pages_list_idx', expression: 'CREATE INDEX pages_list_idx ON pages (workspace_id, draft_updated_at DESC, id DESC)' },
    { name: 'pages_schedule_idx', properties: ['scheduledPublishAt'], where: 'scheduled_publish_at IS NOT NULL' },
    { name: 'pages_slug_prefix_idx', expression: 'CREATE INDEX pages_slug_prefix_idx ON pages (slug text_pattern_ops)' },
  ],
});

/**
 * Every slug that is spoken for, across all workspaces (docs/adr/0042): a page's current slug (`expires_at` null)
 * and the slugs pages gave up, which redirect to them and stay their workspace's until `expires_at`. The primary
 * key makes a slug one page's; read by slug from every workspace, so it is a reference table, not a tenant one.
 */
export const PageSlugTable = defineEntity({
  name: 'PageSlug',
  tableName: 'page_slugs',
  properties: {
    slug: p.text().primary(),
    workspace: workspaceReference('page_slugs'),
    pageId: p.text(),
    expiresAt: p.datetime(3).nullable(),
  },
  indexes: [
    { name: 'page_slugs_page_idx', properties: ['pageId'] },
    { name: 'page_slugs_expiry_idx', properties: ['expiresAt'], where: 'expires_at IS NOT NULL' },
  ],
});

/**
 * The channel the page repository notifies (at commit) with each slug whose live page changed or went, and that
 * every serving process listens on (docs/adr/0092; from the application since migration 0024, docs/adr/0053).
 */
export const LIVE_PAGES_CHANNEL = 'live_pages';

export const pagesTables = [PageTable, PageSlugTable];
export type PagesDb = InferKyselyDB<(typeof pagesTables)[number]>;

/** A `pages` row as a statement selecting every column returns it. */
export type PageRow = Selectable<PagesDb['pages']>;
export const pages = queryBuilder<PagesDb>();
