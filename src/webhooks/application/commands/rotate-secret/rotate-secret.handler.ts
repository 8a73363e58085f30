import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { checkSigningSecret } from '../../../domain/signing-secret.js';
import { SigningSecrets } from '../../ports/signing-secrets.port.js';
import { EndpointRepository } from '../../ports/webhook.ports.js';
import { endpointView } from '../../webhook.views.js';
import { RotateSecretCommand } from './rotate-secret.command.js';
import type { RotatedSecretView } from './rotate-secret.view.js';

@CommandHandler(RotateSecretCommand)
@Transactional()
export class RotateSecretHandler implements ICommandHandler<RotateSecretCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly secrets: SigningSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: RotateSecretCommand): Promise<RotatedSecretView> {
    const given = cmd.secret === undefined ? undefined : checkSigningSecret(cmd.secret);
    const endpoint = await this.endpoints.byId(cmd.workspaceId, cmd.endpointId, { lock: true });
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    const secret = given ?? this.secrets.issue();
    endpoint.rotateSecret(this.endpoints.seal(endpoint.id, secret), this.clock.now());
    await this.endpoints.update(endpoint);
    const view = endpointView(endpoint);
    return { endpoint: view, secret, previous_secret_expires_at: view.previous_secret_expires_at! };
  }
}
