import { Command } from '@nestjs/cqrs';

/** Ends every preview link issued so far for the page (operation 24, docs/adr/0062); links issued afterwards work. */
export class RevokePreviewLinksCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
  ) {
    super();
  }
}
