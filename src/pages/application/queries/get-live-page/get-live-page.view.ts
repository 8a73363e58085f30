import type { BlockKind } from '../../../domain/block-kinds.js';
import type { ThemePresetKey } from '../../../domain/theme.js';

export interface LiveBlockView {
  id: string;
  kind: BlockKind;
  data: Record<string, unknown>;
  fileUrl: string | null;
  fileName: string | null;
  label: string;
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
  /** the enabled blocks of the published snapshot, in order (never the draft) */
  blocks: LiveBlockView[];
}
