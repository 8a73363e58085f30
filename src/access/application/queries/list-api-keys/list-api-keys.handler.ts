import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { apiKeyView, type ApiKeyView } from '../../access.views.js';
import { ApiKeyRepository, WorkspaceRepository } from '../../ports/access.repositories.js';
import { ListApiKeysQuery } from './list-api-keys.query.js';

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery, ApiKeyView[]> {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly keys: ApiKeyRepository,
  ) {}

  async execute(q: ListApiKeysQuery): Promise<ApiKeyView[]> {
    if (!(await this.workspaces.byId(q.workspaceId))) throw new NotFoundError('workspace');
    return (await this.keys.listByWorkspace(q.workspaceId)).map(apiKeyView);
  }
}
