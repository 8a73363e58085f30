import { Query } from '@nestjs/cqrs';

/** The titles of the workspace's pages among `pageIds`, by id; unknown ids are left out. For the analytics summary. */
export class GetPageTitlesQuery extends Query<Map<string, string>> {
  constructor(
    readonly workspaceId: string,
    readonly pageIds: readonly string[],
  ) {
    super();
  }
}
