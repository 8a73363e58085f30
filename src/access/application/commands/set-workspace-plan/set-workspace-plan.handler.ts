import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { workspaceView, type WorkspaceView } from '../../access.views.js';
import { WorkspaceRepository } from '../../ports/access.repositories.js';
import { SetWorkspacePlanCommand } from './set-workspace-plan.command.js';

@CommandHandler(SetWorkspacePlanCommand)
@Transactional()
export class SetWorkspacePlanHandler implements ICommandHandler<SetWorkspacePlanCommand, WorkspaceView> {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: SetWorkspacePlanCommand): Promise<WorkspaceView> {
    const ws = await this.workspaces.byId(cmd.workspaceId);
    if (!ws) throw new NotFoundError('workspace');
    ws.changePlan(cmd.plan, this.clock.now());
    await this.workspaces.save(ws);
    return workspaceView(ws);
  }
}
