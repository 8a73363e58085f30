import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class PublishPageCommand extends Command<{ page: PageView; scheduled_for: string | null }> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly startsAt: Date | undefined,
    /** the draft's stamp the caller read (optional): another write since gives stale_snapshot */
    readonly expectedUpdatedAt?: Date,
  ) {
    super();
  }
}
