import { Query } from '@nestjs/cqrs';
import type { LivePageView } from '../get-live-page/get-live-page.view.js';

/**
 * The page a preview token names, as its current draft would look live; null when the token is malformed,
 * altered, signed by an unknown key or expired, or the page is gone or archived (for the site only: the token is
 * the whole authority).
 */
export class GetDraftPreviewQuery extends Query<LivePageView | null> {
  constructor(readonly token: string) {
    super();
  }
}
