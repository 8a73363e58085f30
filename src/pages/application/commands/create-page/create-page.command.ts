import { Command } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class CreatePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly title: string,
    readonly description?: string,
    readonly locale?: string,
    readonly themePresetKey?: string,
    /** the slug the caller chose; left out, it is derived from the title */
    readonly slug?: string,
    readonly avatarFileId?: string,
  ) {
    super();
  }
}
