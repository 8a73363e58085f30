import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { ownHostsOf } from '../../../../platform/http/hosts.js';
import { gatherFieldErrors, ValidationError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator, randomBase62 } from '../../../../platform/time/ids.js';
import { claimDomain, domainLimit } from '../../../domain/custom-domain.js';
import { DomainPlanLimitError, DomainTakenError } from '../../../domain/custom-domain.errors.js';
import { normalizeHostname } from '../../../domain/hostname.js';
import { domainView, type DomainView } from '../../custom-domain.view.js';
import { CustomDomainRepository, PageDirectory, WorkspacePlans } from '../../ports/custom-domain.ports.js';
import { ClaimDomainCommand } from './claim-domain.command.js';

/** The service's own hosts, which no workspace may claim: those of PUBLIC_API_URL and PUBLIC_SITE_URL. */

/**
 * Claims a hostname (docs/adr/0094): the name's rules and the page first (every error of the body at once), then
 * the plan's limit under a lock on the workspace's claims, then another workspace's verified claim (409).
 * Claiming a hostname the workspace already claimed is a 409 too.
 */
@CommandHandler(ClaimDomainCommand)
@Transactional()
export class ClaimDomainHandler implements ICommandHandler<ClaimDomainCommand, DomainView> {
  private readonly ownHosts: string[];

  constructor(
    private readonly domains: CustomDomainRepository,
    private readonly pages: PageDirectory,
    private readonly plans: WorkspacePlans,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ownHosts = ownHostsOf(config);
  }

  async execute(cmd: ClaimDomainCommand): Promise<DomainView> {
    let hostname = '';
    const errors = gatherFieldErrors(() => {
      const h = normalizeHostname(cmd.hostname, this.ownHosts);
      if (!h.ok) throw ValidationError.field('/hostname', h.problem);
      hostname = h.hostname;
    });
    const pageKnown = await this.pages.exists(cmd.workspaceId, cmd.pageId);
    if (!pageKnown) errors.push({ pointer: '/page_id', detail: 'page_id must be a page of this workspace' });
    if (errors.length > 0) throw new ValidationError(errors);

    const plan = await this.plans.planOf(cmd.workspaceId);
    const limit = domainLimit(plan);
    if ((await this.domains.lockAndCount(cmd.workspaceId)) >= limit) throw new DomainPlanLimitError(plan, limit);
    if (await this.domains.verifiedElsewhere(hostname, cmd.workspaceId)) throw new DomainTakenError(hostname);
    const domain = claimDomain({
      id: this.ids.next('dom'),
      workspaceId: cmd.workspaceId,
      hostname,
      pageId: cmd.pageId,
      token: randomBase62(24),
      now: this.clock.now(),
    });
    if (!(await this.domains.add(domain))) throw new DomainTakenError(hostname, 'this workspace');
    return domainView(domain);
  }
}
