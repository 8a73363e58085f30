import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class RemoveBlockCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly blockId: string,
    readonly expectedUpdatedAt: Date,
  ) {
    super();
  }
}
