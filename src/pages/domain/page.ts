import { AggregateRoot } from '../../platform/domain/aggregate-root.js';
import { NotFoundError, ValidationError, type FieldError } from '../../platform/domain/domain-error.js';
import { mergePatch, normalizeUrls, validateObject, type BlockData } from './block-schema.js';
import { BLOCK_DATA, BLOCK_KINDS, FILE_KINDS, isBlockKind, labelOf, type BlockKind } from './block-kinds.js';
import { LastBlockRequiredError, StaleSnapshotError } from './page.errors.js';
import type { PageEvent } from './page.events.js';
import { DEFAULT_THEME, isThemePreset, THEME_PRESETS, type ThemePresetKey } from './theme.js';

export type PageStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';

/** Sizes are in UTF-8 bytes, as stored and sent, not in UTF-16 code units. */
const UTF8 = new TextEncoder();

export const PAGE_LIMITS = { titleMax: 120, descriptionMax: 500, blocksMax: 100, blockDataBytes: 16 * 1024, fileNameMax: 255 } as const;
const SCHEDULE_HORIZON_MS = 366 * 24 * 3600 * 1000;

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
  description?: string;
  themePresetKey?: string;
  blockUpdates?: { blockId: string; data?: Record<string, unknown>; enabled?: boolean }[];
  blockOrder?: string[];
}

const fail = (errors: FieldError[]): never => {
  throw new ValidationError(errors, errors.map((e) => ('pointer' in e ? `${e.pointer}: ${e.detail}` : e.detail)).join('; '));
};

function checkTitle(title: string, pointer = '/title'): string {
  const t = title.trim();
  if (t.length < 1 || t.length > PAGE_LIMITS.titleMax) fail([{ pointer, detail: `title must be 1 to ${PAGE_LIMITS.titleMax} characters` }]);
  return t;
}

function checkDescription(description: string): string {
  if (description.length > PAGE_LIMITS.descriptionMax)
    fail([{ pointer: '/description', detail: `description must be at most ${PAGE_LIMITS.descriptionMax} characters` }]);
  return description;
}

function checkTheme(key: string, pointer = '/theme_preset_key'): ThemePresetKey {
  if (!isThemePreset(key)) fail([{ pointer, detail: `theme_preset_key must be one of ${Object.keys(THEME_PRESETS).join(', ')}` }]);
  return key as ThemePresetKey;
}

function checkData(kind: BlockKind, data: unknown, base: string): BlockData {
  const errors = validateObject(BLOCK_DATA[kind], data, base);
  if (errors.length) fail(errors);
  if (UTF8.encode(JSON.stringify(data)).length > PAGE_LIMITS.blockDataBytes)
    fail([{ pointer: base, detail: 'data must be at most 16 KiB' }]);
  return normalizeUrls(BLOCK_DATA[kind], data as BlockData);
}

/** A deep copy of JSON data (block data is JSON); several times faster than structuredClone on the read path. */
function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = cloneJson((value as Record<string, unknown>)[k]);
    // An own "__proto__" key stays a plain key (assignment would set the prototype).
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out as T;
}

const copyBlocks = (blocks: Block[]): Block[] => blocks.map((b) => ({ ...b, data: cloneJson(b.data) }));

/**
 * A bio page: a DRAFT edited through the API and a separate live snapshot. Block data and order reach the
 * live page only by publishing; title, description and theme are page-wide and apply to the live page at
 * once. Every write moves `draft.updated_at` strictly forward, the concurrency stamp clients must echo.
 */
export class Page extends AggregateRoot<PageEvent> {
  private constructor(private s: PageState) {
    super();
  }

  static create(input: {
    id: string;
    workspaceId: string;
    title: string;
    slug: string;
    description?: string;
    locale?: string;
    themePresetKey?: string;
    now: Date;
  }): Page {
    const locale = input.locale ?? 'en';
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale))
      fail([{ pointer: '/locale', detail: 'locale must be a BCP 47 language tag such as en or pt-BR' }]);
    return new Page({
      id: input.id,
      workspaceId: input.workspaceId,
      title: checkTitle(input.title),
      description: checkDescription(input.description ?? ''),
      slug: input.slug,
      status: 'DRAFT',
      locale,
      theme: input.themePresetKey === undefined ? DEFAULT_THEME : checkTheme(input.themePresetKey),
      draftBlocks: [],
      draftUpdatedAt: input.now,
      liveBlocks: null,
      liveUpdatedAt: null,
      scheduledPublishAt: null,
      createdAt: input.now,
    });
  }

  static restore(state: PageState): Page {
    return new Page({
      ...state,
      draftBlocks: copyBlocks(state.draftBlocks),
      liveBlocks: state.liveBlocks ? copyBlocks(state.liveBlocks) : null,
    });
  }

  get stamp(): Date {
    return this.s.draftUpdatedAt;
  }

  snapshot(): Readonly<PageState> {
    return { ...this.s, draftBlocks: copyBlocks(this.s.draftBlocks), liveBlocks: this.s.liveBlocks ? copyBlocks(this.s.liveBlocks) : null };
  }

  isLive(): boolean {
    return this.s.status === 'PUBLISHED';
  }

  /** The optimistic-concurrency check: the caller's stamp must be the current one, as an instant. */
  assertFresh(expected: Date): void {
    if (expected.getTime() !== this.s.draftUpdatedAt.getTime()) throw new StaleSnapshotError();
  }

  /** Applies a merge-patch edit all at once (nothing changes if any part is invalid). */
  edit(change: PageEdit, now: Date): void {
    const next = { ...this.s, draftBlocks: copyBlocks(this.s.draftBlocks) };
    let liveChanged = false;
    let changed = false;
    if (change.title !== undefined) {
      next.title = checkTitle(change.title);
      liveChanged = changed = true;
    }
    if (change.description !== undefined) {
      next.description = checkDescription(change.description);
      liveChanged = changed = true;
    }
    if (change.themePresetKey !== undefined) {
      next.theme = checkTheme(change.themePresetKey);
      liveChanged = changed = true;
    }
    change.blockUpdates?.forEach((u, i) => {
      const block = next.draftBlocks.find((b) => b.id === u.blockId);
      if (!block) return fail([{ pointer: `/block_updates/${i}/block_id`, detail: `no block ${u.blockId} on this page` }]);
      if (u.data !== undefined) block.data = checkData(block.kind, mergePatch(block.data, u.data), `/block_updates/${i}/data`);
      if (u.enabled !== undefined) block.enabled = u.enabled;
      changed = true;
    });
    if (change.blockOrder !== undefined) {
      next.draftBlocks = this.reordered(next.draftBlocks, change.blockOrder);
      changed = true;
    }
    if (!changed) return;
    this.s = next;
    this.touch(now);
    if (liveChanged && this.isLive()) this.s.liveUpdatedAt = now;
  }

  /** `order` must name every block exactly once. */
  private reordered(blocks: Block[], order: string[]): Block[] {
    const byId = new Map(blocks.map((b) => [b.id, b]));
    const seen = new Set(order);
    if (order.length !== blocks.length || seen.size !== order.length || !order.every((id) => byId.has(id))) {
      fail([{ pointer: '/block_order', detail: 'block_order must list every block ID of the page exactly once' }]);
    }
    return order.map((id) => byId.get(id)!);
  }

  /** Appends a block to the draft; existing blocks are kept as they are. */
  addBlock(input: NewBlock, now: Date): Block {
    if (!isBlockKind(input.kind)) return fail([{ pointer: '/kind', detail: `kind must be one of ${BLOCK_KINDS.join(', ')}` }]);
    const kind = input.kind;
    const takesFile = FILE_KINDS.includes(kind);
    if (takesFile && !input.file)
      fail([{ pointer: '/file_url', detail: `file_url is required for ${kind} blocks: the public_path of a workspace file` }]);
    if (!takesFile && input.file) fail([{ pointer: '/file_url', detail: `only ${FILE_KINDS.join(', ')} blocks take file_url` }]);
    if (
      input.fileName !== undefined &&
      (!takesFile || input.fileName.trim().length < 1 || input.fileName.length > PAGE_LIMITS.fileNameMax)
    ) {
      fail([
        {
          pointer: '/file_name',
          detail: takesFile
            ? `file_name must be 1 to ${PAGE_LIMITS.fileNameMax} characters`
            : `only ${FILE_KINDS.join(', ')} blocks take file_name`,
        },
      ]);
    }
    const data = checkData(kind, input.data ?? {}, '/data');
    if (this.s.draftBlocks.length >= PAGE_LIMITS.blocksMax)
      fail([{ pointer: '', detail: `a page holds at most ${PAGE_LIMITS.blocksMax} blocks` }]);
    const block: Block = {
      id: input.id,
      kind,
      enabled: true,
      data,
      fileUrl: input.file?.publicPath ?? null,
      fileName: input.file ? (input.fileName?.trim() ?? input.file.name) : null,
    };
    this.s = { ...this.s, draftBlocks: [...copyBlocks(this.s.draftBlocks), block] };
    this.touch(now);
    return block;
  }

  /** Removes a block from the draft; the last remaining block is refused. */
  removeBlock(blockId: string, now: Date): void {
    if (!this.s.draftBlocks.some((b) => b.id === blockId)) throw new NotFoundError('block');
    if (this.s.draftBlocks.length === 1) throw new LastBlockRequiredError();
    this.s = { ...this.s, draftBlocks: copyBlocks(this.s.draftBlocks.filter((b) => b.id !== blockId)) };
    this.touch(now);
  }

  /** Swaps the draft into the live snapshot and routes the page. Replaces any pending schedule. */
  publish(now: Date): void {
    this.s = {
      ...this.s,
      status: 'PUBLISHED',
      liveBlocks: copyBlocks(this.s.draftBlocks),
      liveUpdatedAt: now,
      scheduledPublishAt: null,
    };
    this.touch(now);
    this.record({
      type: 'PagePublished',
      pageId: this.s.id,
      workspaceId: this.s.workspaceId,
      title: this.s.title,
      slug: this.s.slug,
      publishedAt: now,
    });
  }

  /** Schedules a publish; a later schedule or an immediate publish replaces it. */
  schedulePublish(at: Date, now: Date): void {
    if (at.getTime() <= now.getTime()) fail([{ pointer: '/starts_at', detail: 'starts_at must be in the future' }]);
    if (at.getTime() > now.getTime() + SCHEDULE_HORIZON_MS)
      fail([{ pointer: '/starts_at', detail: 'starts_at must be at most one year ahead' }]);
    this.s = { ...this.s, scheduledPublishAt: at };
    this.touch(now);
  }

  /** Takes the page offline and cancels a pending schedule. Archiving an archived page changes nothing. */
  archive(now: Date): void {
    if (this.s.status === 'ARCHIVED') return;
    this.s = { ...this.s, status: 'ARCHIVED', scheduledPublishAt: null };
    this.touch(now);
  }

  /** Moves the stamp strictly forward, even twice within one millisecond. */
  private touch(now: Date): void {
    const next = Math.max(now.getTime(), this.s.draftUpdatedAt.getTime() + 1);
    this.s = { ...this.s, draftUpdatedAt: new Date(next) };
  }
}

export { labelOf };
