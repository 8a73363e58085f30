import type { AvatarCandidate, Page, ResolvedFile } from '../../domain/page.js';

/** Where a slug a live page gave up now points, and until when it does. */
export interface MovedSlug {
  slug: string;
  until: Date;
}

/** Port: pages, for the API and the live site. Writes are compare-and-set on the concurrency stamp. */
export abstract class PageRepository {
  /** The page of this workspace, or null (another workspace's page is null too). */
  abstract byId(workspaceId: string, pageId: string, options?: { lock?: boolean }): Promise<Page | null>;
  /** The page routed at `slug` on the live site, if it is live (PUBLISHED); for the public site only. */
  abstract liveBySlug(slug: string): Promise<Page | null>;
  /** The current slug of the live page that gave up `slug`, while its reservation runs at `now`; else null. */
  abstract movedTo(slug: string, now: Date): Promise<MovedSlug | null>;
  /** Inserts a new page under the slug its caller chose (SlugTakenError when another page holds or reserved it). */
  abstract insertWithSlug(slug: string, create: (slug: string) => Page): Promise<Page>;
  /** Inserts a new page, giving it the first free slug for `baseSlug` (unique across all workspaces). */
  abstract insertWithFreeSlug(baseSlug: string, create: (slug: string) => Page): Promise<Page>;
  /**
   * Saves if the stored stamp is still `expectedStamp`; false when another write got there first. A slug change
   * claims the new slug first (SlugTakenError, nothing written) and keeps the old one reserved.
   */
  abstract update(page: Page, expectedStamp: Date): Promise<boolean>;
}

/** Port: the publish scheduler's pages (docs/adr/0052): due schedules claimed under their row locks, saved together. */
export abstract class ScheduledPages {
  /**
   * Locks and returns pages whose scheduled publish is due (skipping rows other workers hold): at most `limit`, and
   * no more than `maxBytes` of draft blocks (as stored JSON) unless the first page alone is larger.
   */
  abstract claimDue(now: Date, limit: number, maxBytes?: number): Promise<Page[]>;
  /**
   * `PageRepository.update` for many pages in one go (each compare-and-set on its stamp, their outbox rows written
   * together); false when any was stale, and the caller's transaction must then roll back. No slug changes.
   */
  abstract saveAll(changes: { page: Page; expectedStamp: Date }[]): Promise<boolean>;
}

/** Port: the workspace files a block's `file_url` may name. */
export abstract class FileDirectory {
  abstract resolve(workspaceId: string, publicPath: string): Promise<ResolvedFile | null>;
  /** The workspace's file with this id, for an avatar (null when the workspace has none). */
  abstract byId(workspaceId: string, fileId: string): Promise<AvatarCandidate | null>;
}
