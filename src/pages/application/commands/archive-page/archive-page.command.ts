import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class ArchivePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
  ) {
    super();
  }
}
