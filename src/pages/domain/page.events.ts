/** Raised when a page goes live, by an immediate publish or when its schedule fires. */
export interface PagePublished {
  type: 'PagePublished';
  pageId: string;
  workspaceId: string;
  title: string;
  slug: string;
  publishedAt: Date;
}

export type PageEvent = PagePublished;
