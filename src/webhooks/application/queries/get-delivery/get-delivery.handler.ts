import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import type { DeliveryView } from '../../webhook.views.js';
import { DELIVERY_COLUMNS, deliveryRowView, endpointOf, type DeliveryRow } from '../delivery-rows.js';
import { GetDeliveryQuery } from './get-delivery.query.js';

@QueryHandler(GetDeliveryQuery)
export class GetDeliveryHandler implements IQueryHandler<GetDeliveryQuery> {
  constructor(private readonly sql: Sql) {}

  async execute(q: GetDeliveryQuery): Promise<DeliveryView> {
    await endpointOf(this.sql, q.workspaceId, q.endpointId);
    const row = await this.sql.one<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = ? AND id = ?`, [
      q.endpointId,
      q.deliveryId,
    ]);
    if (!row) throw new NotFoundError('delivery');
    return deliveryRowView(row);
  }
}
