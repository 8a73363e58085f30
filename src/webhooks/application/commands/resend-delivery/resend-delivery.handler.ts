import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { DeliveryLog } from '../../delivery/delivery-log.js';
import { DeliveryStore, EndpointRepository } from '../../ports/webhook.ports.js';
import { deliveryView, type DeliveryView } from '../../webhook.views.js';
import { ResendDeliveryCommand } from './resend-delivery.command.js';

/** Re-queues one delivery at once; the ladder restarts, attempt numbers continue, webhook-id is unchanged. */
@CommandHandler(ResendDeliveryCommand)
@Transactional()
export class ResendDeliveryHandler implements ICommandHandler<ResendDeliveryCommand> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryStore,
    private readonly log: DeliveryLog,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: ResendDeliveryCommand): Promise<DeliveryView> {
    if (!(await this.deliveries.belongsTo(cmd.workspaceId, cmd.endpointId, cmd.deliveryId))) {
      if (!(await this.endpoints.exists(cmd.workspaceId, cmd.endpointId))) throw new NotFoundError('webhook endpoint');
      throw new NotFoundError('delivery');
    }
    const result = await this.log.apply({ workspaceId: cmd.workspaceId, id: cmd.deliveryId }, { type: 'Resend', now: this.clock.now() });
    if (!result) throw new NotFoundError('delivery');
    return deliveryView(result.state);
  }
}
