import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { ApiKey } from '../../../domain/api-key.js';
import { apiKeyView, type ApiKeyView } from '../../access.views.js';
import { drawKeyToken, hashKeyToken } from '../../key-secrets.js';
import { ApiKeyRepository, WorkspaceRepository } from '../../ports/access.repositories.js';
import { CreateApiKeyCommand } from './create-api-key.command.js';

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
