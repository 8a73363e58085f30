import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { apiKeyView, type ApiKeyView } from '../../access.views.js';
import { ApiKeyRepository } from '../../ports/access.repositories.js';
import { RevokeApiKeyCommand } from './revoke-api-key.command.js';

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
