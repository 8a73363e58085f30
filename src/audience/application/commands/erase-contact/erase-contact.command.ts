import { Command } from '@nestjs/cqrs';

/** Erase one contact of a workspace (DELETE /v1/contacts/{contact_id}). */
export class EraseContactCommand extends Command<void> {
  constructor(
    readonly workspaceId: string,
    readonly contactId: string,
  ) {
    super();
  }
}
