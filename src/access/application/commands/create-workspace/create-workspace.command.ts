import { Command } from '@nestjs/cqrs';
import type { WorkspaceView } from '../../access.views.js';

export class CreateWorkspaceCommand extends Command<WorkspaceView> {
  constructor(
    readonly name: string,
    readonly plan: string,
  ) {
    super();
  }
}
