import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { workspaceView, type WorkspaceView } from '../../access.views.js';
import { WorkspaceRepository } from '../../ports/access.repositories.js';
import { GetWorkspaceQuery } from './get-workspace.query.js';

@QueryHandler(GetWorkspaceQuery)
export class GetWorkspaceHandler implements IQueryHandler<GetWorkspaceQuery, WorkspaceView | null> {
  constructor(private readonly workspaces: WorkspaceRepository) {}

  async execute(q: GetWorkspaceQuery): Promise<WorkspaceView | null> {
    const ws = await this.workspaces.byId(q.workspaceId);
    return ws ? workspaceView(ws) : null;
  }
}
