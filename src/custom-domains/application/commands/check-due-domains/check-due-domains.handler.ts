import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { DomainChecks } from '../../domain-checks.js';
import { CustomDomainRepository } from '../../ports/custom-domain.ports.js';
import { CheckDueDomainsCommand } from './check-due-domains.command.js';

/**
 * How long a claimed domain is the claimer's: its checks (lookups in parallel, each within DNS_TIMEOUT_MS) are
 * recorded well within it; a checker that died holding some leaves them due again after it.
 */
export const CHECK_LEASE_MS = 5 * 60_000;

/**
 * The checker's turn (docs/adr/0094): claims due domains in a short transaction (leased), checks them all at once
 * (each reads DNS outside any transaction and records its outcome on its own), and says how many it claimed. A domain
 * whose lookup got no answer keeps its lease as its next check: looked at again in 5 minutes.
 */
@CommandHandler(CheckDueDomainsCommand)
@OwnTransactions('the claim commits before the DNS lookups; each outcome is written in its own short transaction')
export class CheckDueDomainsHandler implements ICommandHandler<CheckDueDomainsCommand, number> {
  constructor(
    private readonly domains: CustomDomainRepository,
    private readonly checks: DomainChecks,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: CheckDueDomainsCommand): Promise<number> {
    const due = await this.domains.claimDue(this.clock.now(), cmd.limit, CHECK_LEASE_MS);
    const outcomes = await Promise.allSettled(due.map((d) => this.checks.check(d, false)));
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    return due.length;
  }
}
