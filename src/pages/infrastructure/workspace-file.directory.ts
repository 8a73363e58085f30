import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetWorkspaceFileQuery, ResolveWorkspaceFileQuery } from '../../files/index.js';
import type { AvatarCandidate, ResolvedFile } from '../domain/page.js';
import { FileDirectory } from '../application/ports/page.ports.js';

/** FileDirectory on the files context's public query: a block's file_url must be a file of the same workspace. */
@Injectable()
export class WorkspaceFileDirectory extends FileDirectory {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  resolve(workspaceId: string, publicPath: string): Promise<ResolvedFile | null> {
    return this.queries.execute(new ResolveWorkspaceFileQuery(workspaceId, publicPath));
  }

  byId(workspaceId: string, fileId: string): Promise<AvatarCandidate | null> {
    return this.queries.execute(new GetWorkspaceFileQuery(workspaceId, fileId));
  }
}
