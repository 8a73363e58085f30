import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EndpointRepository } from '../../ports/webhook.ports.js';
import { endpointView, type EndpointView } from '../../webhook.views.js';
import { ListEndpointsQuery } from './list-endpoints.query.js';

/** At most 10 per workspace: the whole list, oldest first, no pagination (the contract). */
@QueryHandler(ListEndpointsQuery)
export class ListEndpointsHandler implements IQueryHandler<ListEndpointsQuery> {
  constructor(private readonly endpoints: EndpointRepository) {}

  async execute(q: ListEndpointsQuery): Promise<{ data: EndpointView[] }> {
    return { data: (await this.endpoints.listInWorkspace(q.workspaceId)).map(endpointView) };
  }
}
