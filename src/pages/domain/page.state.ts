import type { BlockData } from './block-fields.js';
import type { BlockKind } from './block-kinds.js';
import type { ThemePresetKey } from './theme.js';

/** A page's state as the Page aggregate holds it, and the inputs its commands take. */

export type PageStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';

export const PAGE_LIMITS = { titleMax: 120, descriptionMax: 500, blocksMax: 100, blockDataBytes: 16 * 1024, fileNameMax: 255 } as const;

export interface Block {
  id: string;
  kind: BlockKind;
  enabled: boolean;
  data: BlockData;
  /** public_path of the workspace file the block shows (file kinds only) */
  fileUrl: string | null;
  fileName: string | null;
}

export interface PageState {
  id: string;
  workspaceId: string;
  title: string;
  description: string;
  slug: string;
  status: PageStatus;
  locale: string;
  theme: ThemePresetKey;
  draftBlocks: Block[];
  draftUpdatedAt: Date;
  /** the live snapshot's blocks; null until the first publish */
  liveBlocks: Block[] | null;
  liveUpdatedAt: Date | null;
  scheduledPublishAt: Date | null;
  createdAt: Date;
  /** the image shown at the top of the page (and as its og:image); page-wide, live at once like the title */
  avatar: Avatar | null;
  /**
   * How many times every preview link of the page was ended (an archive or a revocation, docs/adr/0062): a link
   * carries the epoch it was issued under and opens only while the page still has it. Only ever grows.
   */
  previewEpoch: number;
}

/** A page's avatar: an image file of its workspace, by id and by the path it is served at. */
export interface Avatar {
  fileId: string;
  publicPath: string;
}

/** A workspace file the application looked up by id for an avatar (null: no such file in the workspace). */
export interface AvatarCandidate {
  id: string;
  publicPath: string;
  mimeType: string;
}

/** A file the application resolved from `file_url` in the page's workspace. */
export interface ResolvedFile {
  publicPath: string;
  name: string;
}

export interface NewBlock {
  id: string;
  kind: string;
  data: unknown;
  file: ResolvedFile | null;
  /** display name overriding the file's own name */
  fileName?: string;
}

export interface PageEdit {
  title?: string;
  /** a new slug (checked by slugProblem); the old one redirects for SLUG_RESERVATION_DAYS */
  slug?: string;
  /** the file looked up for `avatar_file_id` (null: not found); `null` itself removes the avatar */
  avatar?: { candidate: AvatarCandidate | null } | null;
  description?: string;
  themePresetKey?: string;
  blockUpdates?: { blockId: string; data?: Record<string, unknown>; enabled?: boolean }[];
  blockOrder?: string[];
}
