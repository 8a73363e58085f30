import { Query } from '@nestjs/cqrs';
import type { LivePageView } from './get-live-page.view.js';

/** The page routed at `slug` on the public site, if it is live; null otherwise (for the site only: no workspace). */
export class GetLivePageQuery extends Query<LivePageView | null> {
  constructor(readonly slug: string) {
    super();
  }
}
