import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { Workspace } from '../../../domain/workspace.js';
import { workspaceView, type WorkspaceView } from '../../access.views.js';
import { WorkspaceRepository } from '../../ports/access.repositories.js';
import { CreateWorkspaceCommand } from './create-workspace.command.js';

@CommandHandler(CreateWorkspaceCommand)
@Transactional()
export class CreateWorkspaceHandler implements ICommandHandler<CreateWorkspaceCommand, WorkspaceView> {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: CreateWorkspaceCommand): Promise<WorkspaceView> {
    const ws = Workspace.create({ id: this.ids.next('ws'), name: cmd.name, plan: cmd.plan, now: this.clock.now() });
    await this.workspaces.save(ws);
    return workspaceView(ws);
  }
}
