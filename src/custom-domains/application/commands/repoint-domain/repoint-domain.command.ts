import { Command } from '@nestjs/cqrs';
import type { DomainView } from '../../custom-domain.view.js';

/** Point a domain at another page of the workspace (PATCH /v1/domains/{domain_id}). */
export class RepointDomainCommand extends Command<DomainView> {
  constructor(
    readonly workspaceId: string,
    readonly domainId: string,
    readonly pageId: string,
  ) {
    super();
  }
}
