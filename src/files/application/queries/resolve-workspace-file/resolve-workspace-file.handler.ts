import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FileRepository } from '../../ports/file.ports.js';
import { ResolveWorkspaceFileQuery } from './resolve-workspace-file.query.js';
import type { ResolvedFileView } from './resolve-workspace-file.view.js';

@QueryHandler(ResolveWorkspaceFileQuery)
export class ResolveWorkspaceFileHandler implements IQueryHandler<ResolveWorkspaceFileQuery, ResolvedFileView | null> {
  constructor(private readonly files: FileRepository) {}

  async execute(q: ResolveWorkspaceFileQuery): Promise<ResolvedFileView | null> {
    const file = await this.files.byPublicPath(q.workspaceId, q.publicPath);
    return file ? { publicPath: file.state.publicPath, name: file.state.name } : null;
  }
}
