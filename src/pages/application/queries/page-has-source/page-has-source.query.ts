import { Query } from '@nestjs/cqrs';

/**
 * Does this page belong to the workspace (and, with a block id, is that block in its draft or its live
 * snapshot)? For the audience context, so a contact never points at another workspace's page.
 */
export class PageHasSourceQuery extends Query<boolean> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly blockId: string | null,
  ) {
    super();
  }
}
