import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { OwnTransactions, Transactions } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError, ValidationError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { checkWebhookUrl } from '../../../domain/endpoint.js';
import { verifyUrl } from '../../endpoint-verification.js';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../webhook-events.js';
import { EndpointRepository, WebhookTransport } from '../../ports/webhook.ports.js';
import { endpointView, type EndpointView } from '../../webhook.views.js';
import { UpdateEndpointCommand } from './update-endpoint.command.js';

@CommandHandler(UpdateEndpointCommand)
@OwnTransactions('sends a signed test over the network first, holding no connection; then a short transaction')
export class UpdateEndpointHandler implements ICommandHandler<UpdateEndpointCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async execute(cmd: UpdateEndpointCommand): Promise<EndpointView> {
    const { url, eventTypes, enabled } = cmd.changes;
    if (url === undefined && eventTypes === undefined && enabled === undefined) {
      throw ValidationError.field('', 'Send at least one of url, event_types, enabled.');
    }
    const found = await this.endpoints.byId(cmd.workspaceId, cmd.endpointId);
    if (!found) throw new NotFoundError('webhook endpoint');
    const now = this.clock.now();
    if (url !== undefined) {
      const checked = checkWebhookUrl(url, this.config.webhookAllowedTargets);
      if (checked !== found.url) await verifyUrl(this.transport, this.ids, checked, await this.endpoints.signingSecrets(found, now), now);
    }
    // The test send may take seconds: apply the change to the row as it is now, under its lock.
    return this.transactions.run(async () => {
      const endpoint = await this.endpoints.byId(cmd.workspaceId, found.id, { lock: true });
      if (!endpoint) throw new NotFoundError('webhook endpoint');
      if (url !== undefined) endpoint.changeUrl(url, now, this.config.webhookAllowedTargets);
      if (eventTypes !== undefined) endpoint.changeEventTypes(eventTypes, SUBSCRIBABLE_EVENT_TYPES, now);
      if (enabled === true) endpoint.enable(now);
      if (enabled === false) endpoint.disable(now);
      await this.endpoints.update(endpoint);
      return endpointView(endpoint);
    });
  }
}
