import { Command } from '@nestjs/cqrs';
import type { DeliveryView } from '../../webhook.views.js';

export class ResendDeliveryCommand extends Command<DeliveryView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}
