import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { EndpointRepository } from '../../ports/webhook.ports.js';
import { DeleteEndpointCommand } from './delete-endpoint.command.js';

@CommandHandler(DeleteEndpointCommand)
@Transactional()
export class DeleteEndpointHandler implements ICommandHandler<DeleteEndpointCommand> {
  constructor(private readonly endpoints: EndpointRepository) {}

  async execute(cmd: DeleteEndpointCommand): Promise<void> {
    if (!(await this.endpoints.delete(cmd.workspaceId, cmd.endpointId))) throw new NotFoundError('webhook endpoint');
  }
}
