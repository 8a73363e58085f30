import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import type { DeliveryView } from '../../webhook.views.js';
import { webhooks } from '../../../infrastructure/webhooks.tables.js';
import { DELIVERY_COLUMNS, deliveryRowView, endpointOf } from '../delivery-rows.js';
import { GetDeliveryQuery } from './get-delivery.query.js';

@QueryHandler(GetDeliveryQuery)
export class GetDeliveryHandler implements IQueryHandler<GetDeliveryQuery> {
  constructor(private readonly db: Sql) {}

  async execute(q: GetDeliveryQuery): Promise<DeliveryView> {
    await endpointOf(this.db, q.workspaceId, q.endpointId);
    const row = await this.db.one(
      webhooks
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .where('workspace_id', '=', q.workspaceId)
        .where('id', '=', q.deliveryId)
        .where('endpoint_id', '=', q.endpointId),
    );
    if (!row) throw new NotFoundError('delivery');
    return deliveryRowView(row);
  }
}
