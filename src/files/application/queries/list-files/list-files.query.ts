import { Query } from '@nestjs/cqrs';
import type { Page } from '../../../../platform/pagination/cursor.js';
import type { FileView } from '../../file.view.js';

export class ListFilesQuery extends Query<Page<FileView>> {
  constructor(
    readonly workspaceId: string,
    readonly limit: number,
    readonly after: string | undefined,
  ) {
    super();
  }
}
