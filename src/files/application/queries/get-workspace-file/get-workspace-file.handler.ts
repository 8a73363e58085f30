import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FileRepository } from '../../ports/file.ports.js';
import { GetWorkspaceFileQuery } from './get-workspace-file.query.js';
import type { WorkspaceFileView } from './get-workspace-file.view.js';

@QueryHandler(GetWorkspaceFileQuery)
export class GetWorkspaceFileHandler implements IQueryHandler<GetWorkspaceFileQuery, WorkspaceFileView | null> {
  constructor(private readonly files: FileRepository) {}

  async execute(q: GetWorkspaceFileQuery): Promise<WorkspaceFileView | null> {
    const file = await this.files.byId(q.workspaceId, q.fileId);
    if (!file) return null;
    return { id: file.state.id, publicPath: file.state.publicPath, mimeType: file.state.mimeType };
  }
}
