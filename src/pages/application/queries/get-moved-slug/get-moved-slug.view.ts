/** A slug a live page gave up: the page's current slug, and the instant the old one stops redirecting. */
export interface MovedSlugView {
  movedTo: string;
  until: Date;
}
