import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { OPERATOR_LISTING } from '../../../domain/operator-listing.js';
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
    const { after } = q.page;
    if (after !== undefined && (await this.keys.byId(after))?.snapshot().workspaceId !== q.workspaceId)
      throw new NotFoundError('API key in this workspace (--after)');
    const limit = Math.min(Math.max(1, q.page.limit), OPERATOR_LISTING.max);
    return (await this.keys.listByWorkspace(q.workspaceId, { limit, after })).map(apiKeyView);
  }
}
