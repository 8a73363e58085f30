import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class CreatePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly title: string,
    readonly description?: string,
    readonly locale?: string,
    readonly themePresetKey?: string,
  ) {
    super();
  }
}
