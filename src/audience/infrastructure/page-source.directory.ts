import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PageHasSourceQuery } from '../../pages/index.js';
import { SourceDirectory } from '../application/ports/audience.ports.js';

/** SourceDirectory on the pages context's public query: is this page (and block, draft or live) the workspace's? */
@Injectable()
export class PageSourceDirectory extends SourceDirectory {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  belongsTo(workspaceId: string, pageId: string, blockId: string | null): Promise<boolean> {
    return this.queries.execute(new PageHasSourceQuery(workspaceId, pageId, blockId));
  }
}
