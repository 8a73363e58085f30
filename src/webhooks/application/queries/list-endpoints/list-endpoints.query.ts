import { Query } from '@nestjs/cqrs';
import type { EndpointView } from '../../webhook.views.js';

export class ListEndpointsQuery extends Query<{ data: EndpointView[] }> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
