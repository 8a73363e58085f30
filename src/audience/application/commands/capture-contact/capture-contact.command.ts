import { Command } from '@nestjs/cqrs';
import type { ContactView } from '../../contact.view.js';

export class CaptureContactCommand extends Command<ContactView> {
  constructor(
    readonly workspaceId: string,
    readonly email: string,
    readonly name: string | undefined,
    readonly source: string | undefined,
    readonly pageId: string | undefined,
    readonly blockId: string | undefined,
  ) {
    super();
  }
}
