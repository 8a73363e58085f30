import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError, ValidationError } from '../../../../platform/domain/domain-error.js';
import { domainView, type DomainView } from '../../custom-domain.view.js';
import { CustomDomainRepository, PageDirectory } from '../../ports/custom-domain.ports.js';
import { RepointDomainCommand } from './repoint-domain.command.js';

/** Re-points a domain (locked, so a check recorded meanwhile waits and then finds the version moved). */
@CommandHandler(RepointDomainCommand)
@Transactional()
export class RepointDomainHandler implements ICommandHandler<RepointDomainCommand, DomainView> {
  constructor(
    private readonly domains: CustomDomainRepository,
    private readonly pages: PageDirectory,
  ) {}

  async execute(cmd: RepointDomainCommand): Promise<DomainView> {
    const read = await this.domains.byId(cmd.workspaceId, cmd.domainId, { lock: true });
    if (!read) throw new NotFoundError('domain');
    if (!(await this.pages.exists(cmd.workspaceId, cmd.pageId)))
      throw ValidationError.field('/page_id', 'page_id must be a page of this workspace');
    const state = { ...read.state, pageId: cmd.pageId };
    if (state.pageId !== read.state.pageId) await this.domains.save(state, read.version, [], true);
    return domainView(state);
  }
}
