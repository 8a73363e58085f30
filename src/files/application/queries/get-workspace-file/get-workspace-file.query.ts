import { Query } from '@nestjs/cqrs';
import type { WorkspaceFileView } from './get-workspace-file.view.js';

/** The workspace's file with this id, or null (another workspace's file is null too): what a page's avatar names. */
export class GetWorkspaceFileQuery extends Query<WorkspaceFileView | null> {
  constructor(
    readonly workspaceId: string,
    readonly fileId: string,
  ) {
    super();
  }
}
