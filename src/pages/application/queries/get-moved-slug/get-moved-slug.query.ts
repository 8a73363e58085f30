import { Query } from '@nestjs/cqrs';
import type { MovedSlugView } from './get-moved-slug.view.js';

/**
 * Where the live page that gave up `slug` lives now, while the old slug still redirects (docs/adr/0042); null when
 * no live page gave it up, or its reservation has run out. For the public site only: no workspace.
 */
export class GetMovedSlugQuery extends Query<MovedSlugView | null> {
  constructor(readonly slug: string) {
    super();
  }
}
