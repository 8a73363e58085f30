import { Query } from '@nestjs/cqrs';
import { OPERATOR_LISTING } from '../../../domain/operator-listing.js';
import type { WorkspaceListingView } from '../../access.views.js';
import type { ListingPage } from '../../ports/access.repositories.js';

/** Every workspace, newest first, one page at a time, with its key counts (for the operator: `workspace list`). */
export class ListWorkspacesQuery extends Query<WorkspaceListingView[]> {
  constructor(readonly page: ListingPage = { limit: OPERATOR_LISTING.default }) {
    super();
  }
}
