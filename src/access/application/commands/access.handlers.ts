import { Transactional } from '../../../platform/cqrs/transactional.js';
import { CommandHandler, QueryHandler, Query, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../platform/domain/domain-error.js';
import { Clock } from '../../../platform/time/clock.js';
import { IdGenerator } from '../../../platform/time/ids.js';
import { ApiKey } from '../../domain/api-key.js';
import { Workspace } from '../../domain/workspace.js';
import { apiKeyView, workspaceView, type ApiKeyView, type WorkspaceView } from '../access.views.js';
import { drawKeyToken, hashKeyToken } from '../key-secrets.js';
import { ApiKeyRepository, WorkspaceRepository } from '../ports/access.repositories.js';
import { CreateApiKeyCommand, CreateWorkspaceCommand, RevokeApiKeyCommand, SetWorkspacePlanCommand } from './access.commands.js';

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

@CommandHandler(CreateApiKeyCommand)
@Transactional()
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand, ApiKeyView & { key: string }> {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly keys: ApiKeyRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: CreateApiKeyCommand): Promise<ApiKeyView & { key: string }> {
    if (!(await this.workspaces.byId(cmd.workspaceId))) throw new NotFoundError('workspace');
    const token = drawKeyToken(cmd.mode);
    const key = ApiKey.issue({
      id: this.ids.next('key'),
      workspaceId: cmd.workspaceId,
      mode: cmd.mode,
      token,
      secretHash: hashKeyToken(token),
      scopes: cmd.scopes,
      expiresAt: cmd.expiresAt,
      now: this.clock.now(),
    });
    await this.keys.save(key);
    // The plaintext key is returned once, here, and never stored.
    return { ...apiKeyView(key), key: token };
  }
}

@CommandHandler(RevokeApiKeyCommand)
@Transactional()
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand, ApiKeyView> {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RevokeApiKeyCommand): Promise<ApiKeyView> {
    const key = await this.keys.byId(cmd.keyId);
    if (!key) throw new NotFoundError('API key');
    key.revoke(this.clock.now());
    await this.keys.save(key);
    return apiKeyView(key);
  }
}

export class ListApiKeysQuery extends Query<ApiKeyView[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery, ApiKeyView[]> {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly keys: ApiKeyRepository,
  ) {}

  async execute(q: ListApiKeysQuery): Promise<ApiKeyView[]> {
    if (!(await this.workspaces.byId(q.workspaceId))) throw new NotFoundError('workspace');
    return (await this.keys.listByWorkspace(q.workspaceId)).map(apiKeyView);
  }
}
