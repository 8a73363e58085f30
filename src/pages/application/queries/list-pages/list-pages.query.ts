import { Query } from '@nestjs/cqrs';
import type { Page as ListPage } from '../../../../platform/pagination/cursor.js';
import type { PageSummaryView } from './list-pages.view.js';

export class ListPagesQuery extends Query<ListPage<PageSummaryView>> {
  constructor(
    readonly workspaceId: string,
    readonly limit: number,
    readonly after: string | undefined,
  ) {
    super();
  }
}
