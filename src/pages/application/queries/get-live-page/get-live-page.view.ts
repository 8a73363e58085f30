import { labelOf, linkOf, type BlockKind } from '../../../domain/block-kinds.js';
import type { Block, PageState } from '../../../domain/page.state.js';
import type { ThemePresetKey } from '../../../domain/theme.js';

export interface LiveBlockView {
  id: string;
  kind: BlockKind;
  data: Record<string, unknown>;
  fileUrl: string | null;
  fileName: string | null;
  label: string;
  /** where the block's tracked link (`/r/<block>`) goes, counted as a click; null for kinds without one */
  link: string | null;
}

/** A live page as the public site shows it. */
export interface LivePageView {
  id: string;
  workspaceId: string;
  slug: string;
  title: string;
  description: string;
  locale: string;
  theme: ThemePresetKey;
  /** the public path of the page's avatar image (served by the service), or null */
  avatarPath: string | null;
  /** the enabled blocks of the published snapshot, in order (never the draft; a preview shows the draft's) */
  blocks: LiveBlockView[];
}

/** The page-wide fields of `s` with the enabled ones of `blocks` (its live snapshot's, or its draft's for a preview). */
export function livePageView(s: Readonly<PageState>, blocks: readonly Block[]): LivePageView {
  return {
    id: s.id,
    workspaceId: s.workspaceId,
    slug: s.slug,
    title: s.title,
    description: s.description,
    locale: s.locale,
    theme: s.theme,
    avatarPath: s.avatar?.publicPath ?? null,
    blocks: blocks
      .filter((b) => b.enabled)
      .map((b) => ({
        id: b.id,
        kind: b.kind,
        data: { ...b.data },
        fileUrl: b.fileUrl,
        fileName: b.fileName,
        label: labelOf(b.kind, b.data, b.fileName),
        link: linkOf(b.kind, b.data) ?? null,
      })),
  };
}
