import { Command } from '@nestjs/cqrs';
import type { DomainView } from '../../custom-domain.view.js';

/** Check a domain's TXT record now (POST /v1/domains/{domain_id}/verify). */
export class CheckDomainCommand extends Command<DomainView> {
  constructor(
    readonly workspaceId: string,
    readonly domainId: string,
  ) {
    super();
  }
}
