import { Command } from '@nestjs/cqrs';

export class DeleteEndpointCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}
