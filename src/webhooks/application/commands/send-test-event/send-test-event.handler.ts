import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { sendTestEvent } from '../../endpoint-verification.js';
import { EndpointRepository, WebhookTransport } from '../../ports/webhook.ports.js';
import { SendTestEventCommand } from './send-test-event.command.js';
import type { TestSendView } from './send-test-event.view.js';

/** Synchronous, signed like a real delivery; the delivery log and the counters are not touched. */
@CommandHandler(SendTestEventCommand)
@OwnTransactions('sends a signed test over the network and writes nothing')
export class SendTestEventHandler implements ICommandHandler<SendTestEventCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: SendTestEventCommand): Promise<TestSendView> {
    const endpoint = await this.endpoints.byId(cmd.workspaceId, cmd.endpointId);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    const now = this.clock.now();
    const outcome = await sendTestEvent(this.transport, this.ids, endpoint.url, await this.endpoints.signingSecrets(endpoint, now), now);
    return { delivered: outcome.delivered, status_code: outcome.statusCode, error: outcome.delivered ? null : outcome.error };
  }
}
