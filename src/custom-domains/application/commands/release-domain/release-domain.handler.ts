import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { CustomDomainRepository } from '../../ports/custom-domain.ports.js';
import { ReleaseDomainCommand } from './release-domain.command.js';

@CommandHandler(ReleaseDomainCommand)
@Transactional()
export class ReleaseDomainHandler implements ICommandHandler<ReleaseDomainCommand, void> {
  constructor(private readonly domains: CustomDomainRepository) {}

  async execute(cmd: ReleaseDomainCommand): Promise<void> {
    const read = await this.domains.byId(cmd.workspaceId, cmd.domainId, { lock: true });
    if (!read) throw new NotFoundError('domain');
    await this.domains.remove(read.state);
  }
}
