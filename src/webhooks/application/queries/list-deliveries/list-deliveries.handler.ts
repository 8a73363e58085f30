import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, toPage, type Page } from '../../../../platform/pagination/cursor.js';
import { keysetPage } from '../../../../platform/pagination/keyset.js';
import type { DeliveryView } from '../../webhook.views.js';
import { webhooks } from '../../../infrastructure/webhooks.tables.js';
import { DELIVERY_COLUMNS, deliveryRowView, endpointOf } from '../delivery-rows.js';
import { ListDeliveriesQuery } from './list-deliveries.query.js';

/** Newest first, keyset on (created_at, id); the cursor is bound to the endpoint and the status filter. */
@QueryHandler(ListDeliveriesQuery)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveriesQuery> {
  constructor(
    private readonly db: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  async execute(q: ListDeliveriesQuery): Promise<Page<DeliveryView>> {
    await endpointOf(this.db, q.workspaceId, q.endpointId);
    const list = `deliveries:${q.endpointId}`;
    const filter = q.status ?? '';
    let query = webhooks
      .selectFrom('webhook_deliveries')
      .select(DELIVERY_COLUMNS)
      .where('workspace_id', '=', q.workspaceId)
      .where('endpoint_id', '=', q.endpointId);
    if (q.status) query = query.where('status', '=', q.status);
    const rows = await keysetPage(this.db, query, {
      after: q.after ? this.cursors.decode(q.after, list, q.workspaceId, filter) : undefined,
      limit: q.limit,
    });
    return toPage(
      rows,
      q.limit,
      (r) => ({ at: r.created_at.toISOString(), id: r.id }),
      (p) => this.cursors.encode(list, q.workspaceId, p, filter),
      deliveryRowView,
    );
  }
}
