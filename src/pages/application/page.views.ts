import { labelOf } from '../domain/block-kinds.js';
import type { PageState } from '../domain/page.js';
import { THEME_PRESETS } from '../domain/theme.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** public_url is set while the page is routed: published and not archived. */
export const publicUrlOf = (s: Pick<PageState, 'status' | 'slug'>, siteUrl: string): string | null =>
  s.status === 'PUBLISHED' ? `${siteUrl}/${s.slug}` : null;

/** A draft block as the API returns it: enough to read a block back before patching it. */
export interface DraftBlockView {
  id: string;
  kind: string;
  enabled: boolean;
  label: string;
  /** the block's contents, as stored (URLs normalized) */
  data: Record<string, unknown>;
  /** a FILE block's file: its public path and name (null for other kinds) */
  file_url: string | null;
  file_name: string | null;
}

export interface PageView {
  id: string;
  title: string;
  description: string;
  slug: string;
  status: string;
  locale: string;
  public_url: string | null;
  /** the page's avatar: the id of an image file of its workspace, or null */
  avatar_file_id: string | null;
  theme: { label: string; preset_key: string };
  draft: { updated_at: string; block_count: number; blocks: DraftBlockView[] };
  published: { is_live: boolean; block_count: number; live_updated_at: string | null };
  /** when a scheduled publish will copy the draft live; null when none is pending */
  scheduled_for: string | null;
}

export function pageView(s: PageState, siteUrl: string): PageView {
  const live = s.status === 'PUBLISHED';
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    slug: s.slug,
    status: s.status,
    locale: s.locale,
    public_url: publicUrlOf(s, siteUrl),
    avatar_file_id: s.avatar?.fileId ?? null,
    theme: { label: THEME_PRESETS[s.theme], preset_key: s.theme },
    draft: {
      updated_at: s.draftUpdatedAt.toISOString(),
      block_count: s.draftBlocks.length,
      blocks: s.draftBlocks.map((b) => ({
        id: b.id,
        kind: b.kind,
        enabled: b.enabled,
        label: labelOf(b.kind, b.data, b.fileName),
        data: { ...b.data },
        file_url: b.fileUrl,
        file_name: b.fileName,
      })),
    },
    published: { is_live: live, block_count: live ? (s.liveBlocks?.length ?? 0) : 0, live_updated_at: iso(s.liveUpdatedAt) },
    scheduled_for: iso(s.scheduledPublishAt),
  };
}
