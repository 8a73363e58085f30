import { Command } from '@nestjs/cqrs';
import type { EndpointView } from '../../webhook.views.js';

export class CreateEndpointCommand extends Command<{ endpoint: EndpointView; secret: string }> {
  constructor(
    readonly workspaceId: string,
    readonly url: string,
    readonly eventTypes: string[],
    /** a secret the caller chose (`whsec_…`, checked by the domain); the service issues one when absent */
    readonly secret?: string,
  ) {
    super();
  }
}
