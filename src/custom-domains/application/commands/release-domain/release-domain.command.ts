import { Command } from '@nestjs/cqrs';

/** Remove a domain (DELETE /v1/domains/{domain_id}): its hostname stops being served at once. */
export class ReleaseDomainCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly domainId: string,
  ) {
    super();
  }
}
