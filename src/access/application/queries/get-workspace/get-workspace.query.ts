import { Query } from '@nestjs/cqrs';
import type { WorkspaceView } from '../../access.views.js';

/** The workspace, or null: for other contexts that must check a workspace exists before they write for it. */
export class GetWorkspaceQuery extends Query<WorkspaceView | null> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
