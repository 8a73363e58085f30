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

/**
 * Where pages live besides `/p/<slug>`: the verified custom domain of each page that has one (docs/adr/0094), whose
 * root is then its public_url. Bound by the custom-domains context where it is loaded; absent, pages have none.
 */
export abstract class PageAddresses {
  abstract hostnamesOf(workspaceId: string, pageIds: readonly string[]): Promise<Map<string, string>>;
}

/** The page's public_url with its custom domain, if it has one (a page not routed has none either way). */
export async function withCustomDomain<V extends { id: string; public_url: string | null }>(
  addresses: PageAddresses | undefined,
  workspaceId: string,
  views: V[],
): Promise<V[]> {
  const routed = views.filter((v) => v.public_url !== null);
  if (!addresses || routed.length === 0) return views;
  const hosts = await addresses.hostnamesOf(
    workspaceId,
    routed.map((v) => v.id),
  );
  if (hosts.size === 0) return views;
  return views.map((v) => (v.public_url !== null && hosts.has(v.id) ? { ...v, public_url: `https://${hosts.get(v.id)}/` } : v));
}
