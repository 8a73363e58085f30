import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetWorkspaceQuery } from '../../access/index.js';
import { PageHasSourceQuery } from '../../pages/index.js';
import { PageDirectory, WorkspacePlans } from '../application/ports/custom-domain.ports.js';

/** PageDirectory on the pages context's public query: is this page the workspace's? */
@Injectable()
export class PagesPageDirectory extends PageDirectory {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  exists(workspaceId: string, pageId: string): Promise<boolean> {
    return this.queries.execute(new PageHasSourceQuery(workspaceId, pageId, null));
  }
}

/** WorkspacePlans on the access context's public query (a workspace that is gone has no plan: `free`). */
@Injectable()
export class AccessWorkspacePlans extends WorkspacePlans {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  async planOf(workspaceId: string): Promise<string> {
    return (await this.queries.execute(new GetWorkspaceQuery(workspaceId)))?.plan ?? 'free';
  }
}
