import { Command } from '@nestjs/cqrs';
import type { DomainView } from '../../custom-domain.view.js';

/** Claim a hostname for one of the workspace's pages (POST /v1/domains): pending until its TXT record is found. */
export class ClaimDomainCommand extends Command<DomainView> {
  constructor(
    readonly workspaceId: string,
    readonly hostname: string,
    readonly pageId: string,
  ) {
    super();
  }
}
