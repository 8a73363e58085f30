import { AggregateRoot } from '../../platform/domain/aggregate-root.js';
import { gatherFieldErrors, NotFoundError } from '../../platform/domain/domain-error.js';
import { labelOf, type BlockKind } from './block-kinds.js';
import { LastBlockRequiredError, NothingScheduledError, StaleSnapshotError } from './page.errors.js';
import type { PageEvent } from './page.events.js';
import { DEFAULT_THEME } from './theme.js';
import { planEdit } from './page.edit.js';
import {
  checkAvatar,
  checkData,
  checkDescription,
  checkLocale,
  checkTheme,
  checkTitle,
  copyBlocks,
  fail,
  newBlockProblems,
} from './page.rules.js';
import { nextPreviewEpoch } from './preview-link.js';
import { slugReservedUntil } from './slug.js';
import { PAGE_LIMITS, type AvatarCandidate, type Block, type NewBlock, type PageEdit, type PageState } from './page.state.js';

export { PAGE_LIMITS } from './page.state.js';
export type { Avatar, AvatarCandidate, Block, NewBlock, PageEdit, PageState, PageStatus, ResolvedFile } from './page.state.js';

const SCHEDULE_HORIZON_MS = 366 * 24 * 3600 * 1000;

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
    /** the file looked up for `avatar_file_id`, when one was given (null: no such file in the workspace) */
    avatar?: { candidate: AvatarCandidate | null };
    now: Date;
  }): Page {
    const locale = input.locale ?? 'en';
    // Every bad field at once (docs/adr/0071).
    const errors = gatherFieldErrors(
      () => checkTitle(input.title),
      () => checkDescription(input.description ?? ''),
      () => checkLocale(locale),
      () => input.themePresetKey !== undefined && checkTheme(input.themePresetKey),
      () => input.avatar && checkAvatar(input.avatar.candidate),
    );
    if (errors.length) fail(errors);
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
      avatar: input.avatar ? checkAvatar(input.avatar.candidate) : null,
      previewEpoch: 0,
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

  /** Applies a merge-patch edit all at once (nothing changes if any part is invalid; every bad part is reported). */
  edit(change: PageEdit, now: Date): void {
    const { next, changed, liveChanged, slugChange } = planEdit(this.s, change);
    if (!changed) return;
    this.s = next;
    this.touch(now);
    if (liveChanged && this.isLive()) this.s.liveUpdatedAt = now;
    if (slugChange)
      this.record({
        type: 'PageSlugChanged',
        pageId: this.s.id,
        workspaceId: this.s.workspaceId,
        ...slugChange,
        changedAt: now,
        // Only a slug that was shared (the page has been live) is kept back; a draft's is free again at once.
        reservedUntil: this.s.liveBlocks !== null ? slugReservedUntil(now) : null,
      });
  }

  /** Appends a block to the draft; existing blocks are kept as they are. */
  addBlock(input: NewBlock, now: Date): Block {
    const errors = newBlockProblems({ kind: input.kind, hasFile: !!input.file, fileName: input.fileName, data: input.data });
    if (errors.length) fail(errors);
    const kind = input.kind as BlockKind;
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

  /**
   * Calls off the pending scheduled publish (operation 25, docs/adr/0070): nothing goes live, the draft and the live
   * page stay as they are. Like scheduling, it moves the stamp: a write that read the page before would otherwise
   * save the schedule back. A page with nothing scheduled (never, fired, published now or archived since) refuses.
   */
  cancelSchedule(now: Date): void {
    const scheduledFor = this.s.scheduledPublishAt;
    if (scheduledFor === null) throw new NothingScheduledError();
    this.s = { ...this.s, scheduledPublishAt: null };
    this.touch(now);
    this.record({ type: 'PageScheduleCancelled', pageId: this.s.id, workspaceId: this.s.workspaceId, scheduledFor, cancelledAt: now });
  }

  /**
   * Takes the page offline, cancels a pending schedule and ends every preview link issued so far, for good (a
   * publish later does not bring them back). Archiving an archived page changes nothing.
   */
  archive(now: Date): void {
    if (this.s.status === 'ARCHIVED') return;
    this.s = { ...this.s, status: 'ARCHIVED', scheduledPublishAt: null, previewEpoch: nextPreviewEpoch(this.s.previewEpoch) };
    this.touch(now);
  }

  /**
   * Ends every preview link issued so far (docs/adr/0062); links issued afterwards work. Not a change of the draft:
   * the concurrency stamp stays as it is, so a client's `expected_updated_at` is still current.
   */
  revokePreviewLinks(): void {
    this.s = { ...this.s, previewEpoch: nextPreviewEpoch(this.s.previewEpoch) };
  }

  /** Moves the stamp strictly forward, even twice within one millisecond. */
  private touch(now: Date): void {
    const next = Math.max(now.getTime(), this.s.draftUpdatedAt.getTime() + 1);
    this.s = { ...this.s, draftUpdatedAt: new Date(next) };
  }
}

export { labelOf };
