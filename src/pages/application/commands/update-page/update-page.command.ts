import { Command } from '@nestjs/cqrs';
import type { PageEdit } from '../../../domain/page.js';
import type { PageView } from '../../page.views.js';

export class UpdatePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly expectedUpdatedAt: Date,
    readonly edit: Omit<PageEdit, 'avatar'>,
    /** `avatar_file_id`: a file id sets the avatar, null removes it, undefined leaves it */
    readonly avatarFileId?: string | null,
  ) {
    super();
  }
}
