import { Query } from '@nestjs/cqrs';
import type { DeliveryView } from '../../webhook.views.js';

export class GetDeliveryQuery extends Query<DeliveryView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}
