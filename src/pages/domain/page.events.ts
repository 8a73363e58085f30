/** Raised when a page goes live, by an immediate publish or when its schedule fires. */
export interface PagePublished {
  type: 'PagePublished';
  pageId: string;
  workspaceId: string;
  title: string;
  slug: string;
  publishedAt: Date;
}

/**
 * Raised when a page's slug changes: the new one routes at once, the old one redirects to it and stays the
 * workspace's until `reservedUntil` (null when the page was never live: nobody can have its old address, which is
 * then free at once). Not published (no webhook event): the repository keeps the slug claims by it.
 */
export interface PageSlugChanged {
  type: 'PageSlugChanged';
  pageId: string;
  workspaceId: string;
  from: string;
  to: string;
  changedAt: Date;
  reservedUntil: Date | null;
}

/**
 * Raised when a pending scheduled publish is called off (operation 25): the page stays as it was. Not published (no
 * webhook event): nothing a receiver sees changed, and `page.published` simply does not come.
 */
export interface PageScheduleCancelled {
  type: 'PageScheduleCancelled';
  pageId: string;
  workspaceId: string;
  /** the instant the publish was due */
  scheduledFor: Date;
  cancelledAt: Date;
}

export type PageEvent = PagePublished | PageSlugChanged | PageScheduleCancelled;
