import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class AddBlockCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly expectedUpdatedAt: Date,
    readonly kind: string,
    readonly data: Record<string, unknown> | undefined,
    readonly fileUrl: string | undefined,
    readonly fileName: string | undefined,
  ) {
    super();
  }
}
