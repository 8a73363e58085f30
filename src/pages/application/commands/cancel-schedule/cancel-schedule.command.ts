import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

/** Calls off a page's pending scheduled publish (operation 25, docs/adr/0070); nothing goes live. */
export class CancelScheduleCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
  ) {
    super();
  }
}
