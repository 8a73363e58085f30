import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { DependencyUnavailableError, NotFoundError } from '../../../../platform/domain/domain-error.js';
import { domainView, type DomainView } from '../../custom-domain.view.js';
import { DomainChecks } from '../../domain-checks.js';
import { CustomDomainRepository } from '../../ports/custom-domain.ports.js';
import { CheckDomainCommand } from './check-domain.command.js';

/**
 * The API's check-now: the one check a failed domain still takes. DNS that gives no answer is 503 with Retry-After
 * (the domain did not move: ask again).
 */
@CommandHandler(CheckDomainCommand)
@OwnTransactions('the DNS lookup must not hold a transaction open; the outcome is written in a short one (DomainChecks)')
export class CheckDomainHandler implements ICommandHandler<CheckDomainCommand, DomainView> {
  constructor(
    private readonly domains: CustomDomainRepository,
    private readonly checks: DomainChecks,
  ) {}

  async execute(cmd: CheckDomainCommand): Promise<DomainView> {
    const read = await this.domains.byId(cmd.workspaceId, cmd.domainId);
    if (!read) throw new NotFoundError('domain');
    const outcome = await this.checks.check(read, true);
    if (!outcome.checked) throw new DependencyUnavailableError(`The DNS servers gave no answer for the TXT record (${outcome.error}).`);
    return domainView(outcome.domain.state);
  }
}
