import { Query } from '@nestjs/cqrs';
import { OPERATOR_LISTING } from '../../../domain/operator-listing.js';
import type { ApiKeyView } from '../../access.views.js';
import type { ListingPage } from '../../ports/access.repositories.js';

/** A workspace's keys, newest first, one page at a time (never their secrets). */
export class ListApiKeysQuery extends Query<ApiKeyView[]> {
  constructor(
    readonly workspaceId: string,
    readonly page: ListingPage = { limit: OPERATOR_LISTING.default },
  ) {
    super();
  }
}
