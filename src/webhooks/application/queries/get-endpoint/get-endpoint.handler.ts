import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { EndpointRepository } from '../../ports/webhook.ports.js';
import { endpointView, type EndpointView } from '../../webhook.views.js';
import { GetEndpointQuery } from './get-endpoint.query.js';

@QueryHandler(GetEndpointQuery)
export class GetEndpointHandler implements IQueryHandler<GetEndpointQuery> {
  constructor(private readonly endpoints: EndpointRepository) {}

  async execute(q: GetEndpointQuery): Promise<EndpointView> {
    const endpoint = await this.endpoints.byId(q.workspaceId, q.endpointId);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    return endpointView(endpoint);
  }
}
