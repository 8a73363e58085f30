import { Query } from '@nestjs/cqrs';
import type { ResolvedFileView } from './resolve-workspace-file.view.js';

/** The workspace's file served at `publicPath`, or null: what a page block's `file_url` may name. */
export class ResolveWorkspaceFileQuery extends Query<ResolvedFileView | null> {
  constructor(
    readonly workspaceId: string,
    readonly publicPath: string,
  ) {
    super();
  }
}
