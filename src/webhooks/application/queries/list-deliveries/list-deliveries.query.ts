import { Query } from '@nestjs/cqrs';
import type { Page } from '../../../../platform/pagination/cursor.js';
import type { DeliveryStatus } from '../../../domain/delivery/model.js';
import type { DeliveryView } from '../../webhook.views.js';

export class ListDeliveriesQuery extends Query<Page<DeliveryView>> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly limit: number,
    readonly after: string | undefined,
    readonly status: DeliveryStatus | undefined,
  ) {
    super();
  }
}
