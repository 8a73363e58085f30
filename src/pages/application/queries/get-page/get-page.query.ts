import { Query } from '@nestjs/cqrs';
import type { PageView } from '../../page.views.js';

export class GetPageQuery extends Query<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
  ) {
    super();
  }
}
