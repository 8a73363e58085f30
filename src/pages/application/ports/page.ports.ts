import type { Page, ResolvedFile } from '../../domain/page.js';

/** Port: pages. Writes are compare-and-set on the concurrency stamp. */
export abstract class PageRepository {
  /** The page of this workspace, or null (another workspace's page is null too). */
  abstract byId(workspaceId: string, pageId: string, options?: { lock?: boolean }): Promise<Page | null>;
  /** The page routed at `slug` on the live site, if it is live (PUBLISHED); for the public site only. */
  abstract liveBySlug(slug: string): Promise<Page | null>;
  /** Inserts a new page, giving it the first free slug for `baseSlug` (unique across all workspaces). */
  abstract insertWithFreeSlug(baseSlug: string, create: (slug: string) => Page): Promise<Page>;
  /** Saves if the stored stamp is still `expectedStamp`; false when another write got there first. */
  abstract update(page: Page, expectedStamp: Date): Promise<boolean>;
  /** Locks and returns pages whose scheduled publish is due (skipping rows other workers hold). */
  abstract claimDueSchedules(now: Date, limit: number): Promise<Page[]>;
}

/** Port: the workspace files a block's `file_url` may name. */
export abstract class FileDirectory {
  abstract resolve(workspaceId: string, publicPath: string): Promise<ResolvedFile | null>;
}
