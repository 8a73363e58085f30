import { Command } from '@nestjs/cqrs';
import type { EndpointView } from '../../webhook.views.js';

export class CreateEndpointCommand extends Command<{ endpoint: EndpointView; secret: string }> {
  constructor(
    readonly workspaceId: string,
    readonly url: string,
    readonly eventTypes: string[],
  ) {
    super();
  }
}
