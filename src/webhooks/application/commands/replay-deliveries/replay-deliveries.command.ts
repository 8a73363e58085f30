import { Command } from '@nestjs/cqrs';

export class ReplayDeliveriesCommand extends Command<{ replayed: number }> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly since: Date,
  ) {
    super();
  }
}
