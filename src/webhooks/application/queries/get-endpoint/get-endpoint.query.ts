import { Query } from '@nestjs/cqrs';
import type { EndpointView } from '../../webhook.views.js';

export class GetEndpointQuery extends Query<EndpointView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}
