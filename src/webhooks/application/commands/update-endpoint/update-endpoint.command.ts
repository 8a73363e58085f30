import { Command } from '@nestjs/cqrs';
import type { EndpointView } from '../../webhook.views.js';

export class UpdateEndpointCommand extends Command<EndpointView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly changes: { url?: string; eventTypes?: string[]; enabled?: boolean },
  ) {
    super();
  }
}
