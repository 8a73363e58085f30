import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { OwnTransactions, Transactions } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { Endpoint, MAX_ENDPOINTS_PER_WORKSPACE } from '../../../domain/endpoint.js';
import { checkSigningSecret } from '../../../domain/signing-secret.js';
import { EndpointLimitReachedError } from '../../../domain/webhook.errors.js';
import { verifyUrl } from '../../endpoint-verification.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../webhook-events.js';
import { SigningSecrets } from '../../ports/signing-secrets.port.js';
import { EndpointRepository, WebhookTransport } from '../../ports/webhook.ports.js';
import { endpointView, type EndpointView } from '../../webhook.views.js';
import { CreateEndpointCommand } from './create-endpoint.command.js';

@CommandHandler(CreateEndpointCommand)
@OwnTransactions('sends a signed test over the network first, holding no connection; then a short transaction')
export class CreateEndpointHandler implements ICommandHandler<CreateEndpointCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly secrets: SigningSecrets,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async execute(cmd: CreateEndpointCommand): Promise<{ endpoint: EndpointView; secret: string }> {
    const id = this.ids.next('we');
    // A secret the caller brings lets a receiver configured with it beforehand verify the endpoint.test below.
    const secret = cmd.secret === undefined ? this.secrets.issue() : checkSigningSecret(cmd.secret);
    const now = this.clock.now();
    const endpoint = Endpoint.register({
      id,
      workspaceId: cmd.workspaceId,
      url: cmd.url,
      eventTypes: cmd.eventTypes,
      subscribable: SUBSCRIBABLE_EVENT_TYPES,
      secretRef: this.endpoints.seal(id, secret),
      now,
      allowedTargets: this.config.webhookAllowedTargets,
    });
    // Checked before the test send (no request goes out for a create that cannot succeed), and again under
    // the workspace lock, so two concurrent creates cannot make an eleventh endpoint.
    if ((await this.endpoints.countInWorkspace(cmd.workspaceId)) >= MAX_ENDPOINTS_PER_WORKSPACE) throw new EndpointLimitReachedError();
    await verifyUrl(this.transport, this.ids, endpoint.url, [secret], now);
    await this.transactions.run(async () => {
      await this.endpoints.lockWorkspace(cmd.workspaceId);
      if ((await this.endpoints.countInWorkspace(cmd.workspaceId)) >= MAX_ENDPOINTS_PER_WORKSPACE) throw new EndpointLimitReachedError();
      await this.endpoints.insert(endpoint);
    });
    return { endpoint: endpointView(endpoint), secret };
  }
}
