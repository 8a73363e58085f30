import { gatherFieldErrors, type FieldError } from '../../platform/domain/domain-error.js';
import type { BlockData } from './block-fields.js';
import { checkAvatar, checkData, checkDescription, checkSlug, checkTheme, checkTitle, copyBlocks, fail } from './page.rules.js';
import type { Block, PageEdit, PageState } from './page.state.js';

/** What a merge-patch edit would make of a page, worked out before anything of it is applied. */
export interface PlannedEdit {
  next: PageState;
  /** whether anything at all changes (nothing does for an empty edit) */
  changed: boolean;
  /** whether a page-wide field that applies to the live page at once changes */
  liveChanged: boolean;
  slugChange: { from: string; to: string } | null;
}

/**
 * Works out a merge-patch edit of `current` all at once: every bad part is reported together (and nothing is
 * planned); `current` itself is left as it is.
 */
export function planEdit(current: PageState, change: PageEdit): PlannedEdit {
  const next = { ...current, draftBlocks: copyBlocks(current.draftBlocks) };
  const errors: FieldError[] = [];
  const checked = <T>(check: () => T): T | undefined => {
    let value: T | undefined;
    errors.push(...gatherFieldErrors(() => (value = check())));
    return value;
  };
  let liveChanged = false;
  let changed = false;
  if (change.title !== undefined) {
    next.title = checked(() => checkTitle(change.title!)) ?? next.title;
    liveChanged = changed = true;
  }
  if (change.description !== undefined) {
    next.description = checked(() => checkDescription(change.description!)) ?? next.description;
    liveChanged = changed = true;
  }
  if (change.themePresetKey !== undefined) {
    next.theme = checked(() => checkTheme(change.themePresetKey!)) ?? next.theme;
    liveChanged = changed = true;
  }
  if (change.avatar !== undefined) {
    const avatar = change.avatar;
    next.avatar = avatar === null ? null : (checked(() => checkAvatar(avatar.candidate)) ?? next.avatar);
    liveChanged = changed = true;
  }
  // A new slug routes at once; the old one is recorded so that it redirects (and stays reserved) for a while.
  const slug = change.slug === undefined ? undefined : checked(() => checkSlug(change.slug!));
  const slugChange = slug !== undefined && slug !== current.slug ? { from: current.slug, to: slug } : null;
  if (slugChange) {
    next.slug = slugChange.to;
    changed = true;
  }
  change.blockUpdates?.forEach((u, i) => {
    const block = next.draftBlocks.find((b) => b.id === u.blockId);
    if (!block) return void errors.push({ pointer: `/block_updates/${i}/block_id`, detail: `no block ${u.blockId} on this page` });
    if (u.data !== undefined) {
      const data = u.data;
      block.data = checked(() => checkData(block.kind, mergePatch(block.data, data), `/block_updates/${i}/data`)) ?? block.data;
    }
    if (u.enabled !== undefined) block.enabled = u.enabled;
    changed = true;
  });
  if (change.blockOrder !== undefined) {
    const order = change.blockOrder;
    next.draftBlocks = checked(() => reordered(next.draftBlocks, order)) ?? next.draftBlocks;
    changed = true;
  }
  if (errors.length) fail(errors);
  return { next, changed, liveChanged, slugChange };
}

/** `order` must name every block exactly once. */
function reordered(blocks: Block[], order: string[]): Block[] {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const seen = new Set(order);
  if (order.length !== blocks.length || seen.size !== order.length || !order.every((id) => byId.has(id))) {
    fail([{ pointer: '/block_order', detail: 'block_order must list every block ID of the page exactly once' }]);
  }
  return order.map((id) => byId.get(id)!);
}

/** RFC 7396 merge patch on a flat data object: null removes a field, anything else replaces it. */
export function mergePatch(target: BlockData, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
