import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { OPERATOR_LISTING } from '../../../domain/operator-listing.js';
import { workspaceListingView, type WorkspaceListingView } from '../../access.views.js';
import { WorkspaceRepository } from '../../ports/access.repositories.js';
import { ListWorkspacesQuery } from './list-workspaces.query.js';

@QueryHandler(ListWorkspacesQuery)
export class ListWorkspacesHandler implements IQueryHandler<ListWorkspacesQuery, WorkspaceListingView[]> {
  constructor(private readonly workspaces: WorkspaceRepository) {}

  async execute(q: ListWorkspacesQuery): Promise<WorkspaceListingView[]> {
    const { after } = q.page;
    if (after !== undefined && !(await this.workspaces.byId(after))) throw new NotFoundError('workspace (--after)');
    const limit = Math.min(Math.max(1, q.page.limit), OPERATOR_LISTING.max);
    return (await this.workspaces.list({ limit, after }, new Date())).map(workspaceListingView);
  }
}
