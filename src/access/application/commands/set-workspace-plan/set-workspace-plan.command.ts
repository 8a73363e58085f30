import { Command } from '@nestjs/cqrs';
import type { WorkspaceView } from '../../access.views.js';

export class SetWorkspacePlanCommand extends Command<WorkspaceView> {
  constructor(
    readonly workspaceId: string,
    readonly plan: string,
  ) {
    super();
  }
}
