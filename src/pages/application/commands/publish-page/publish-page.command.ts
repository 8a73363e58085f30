import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class PublishPageCommand extends Command<{ page: PageView; scheduled_for: string | null }> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly startsAt: Date | undefined,
  ) {
    super();
  }
}
