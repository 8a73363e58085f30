import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../platform/database/sql.js';
import { NotFoundError } from '../../platform/domain/domain-error.js';
import { CursorCodec, toPage, type Page } from '../../platform/pagination/cursor.js';
import { keysetPage } from '../../platform/pagination/keyset.js';
import type { DeliveryStatus } from '../domain/delivery.js';
import { EndpointRepository } from './ports/webhook.ports.js';
import { endpointView, type DeliveryView, type EndpointView } from './webhook.views.js';

export class ListEndpointsQuery extends Query<{ data: EndpointView[] }> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

/** At most 10 per workspace: the whole list, oldest first, no pagination (the contract). */
@QueryHandler(ListEndpointsQuery)
export class ListEndpointsHandler implements IQueryHandler<ListEndpointsQuery> {
  constructor(private readonly endpoints: EndpointRepository) {}

  async execute(q: ListEndpointsQuery): Promise<{ data: EndpointView[] }> {
    return { data: (await this.endpoints.listInWorkspace(q.workspaceId)).map(endpointView) };
  }
}

export class GetEndpointQuery extends Query<EndpointView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}

@QueryHandler(GetEndpointQuery)
export class GetEndpointHandler implements IQueryHandler<GetEndpointQuery> {
  constructor(private readonly endpoints: EndpointRepository) {}

  async execute(q: GetEndpointQuery): Promise<EndpointView> {
    const endpoint = await this.endpoints.byId(q.workspaceId, q.endpointId);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    return endpointView(endpoint);
  }
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  attempts: { number: number; statusCode: number | null; error: string | null; durationMs: number; at: string }[];
  next_attempt_at: Date | null;
  last_status_code: number | null;
  created_at: Date;
}

const DELIVERY_COLUMNS = 'id, event_id, event_type, status, attempt_count, attempts, next_attempt_at, last_status_code, created_at';

/** A delivery as the contract prints it, read from the projection. */
export function deliveryRowView(r: DeliveryRow): DeliveryView {
  return {
    id: r.id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    attempt_count: r.attempt_count,
    next_attempt_at: r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
    last_status_code: r.last_status_code,
    created_at: new Date(r.created_at).toISOString(),
    attempts: r.attempts.map((a) => ({ number: a.number, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs, at: new Date(a.at).toISOString() })),
  };
}

async function endpointOf(sql: Sql, workspaceId: string, endpointId: string): Promise<void> {
  if (!(await sql.one(`SELECT 1 FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [workspaceId, endpointId]))) throw new NotFoundError('webhook endpoint');
}

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

/** Newest first, keyset on (created_at, id); the cursor is bound to the endpoint and the status filter. */
@QueryHandler(ListDeliveriesQuery)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveriesQuery> {
  constructor(
    private readonly sql: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  async execute(q: ListDeliveriesQuery): Promise<Page<DeliveryView>> {
    await endpointOf(this.sql, q.workspaceId, q.endpointId);
    const list = `deliveries:${q.endpointId}`;
    const filter = q.status ?? '';
    const rows = await keysetPage<DeliveryRow>(this.sql, {
      select: DELIVERY_COLUMNS,
      from: 'webhook_deliveries',
      where: q.status ? 'endpoint_id = ? AND status = ?' : 'endpoint_id = ?',
      params: q.status ? [q.endpointId, q.status] : [q.endpointId],
      after: q.after ? this.cursors.decode(q.after, list, q.workspaceId, filter) : undefined,
      limit: q.limit,
    });
    return toPage(
      rows,
      q.limit,
      (r) => ({ at: new Date(r.created_at).toISOString(), id: r.id }),
      (p) => this.cursors.encode(list, q.workspaceId, p, filter),
      deliveryRowView,
    );
  }
}

export class GetDeliveryQuery extends Query<DeliveryView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}

@QueryHandler(GetDeliveryQuery)
export class GetDeliveryHandler implements IQueryHandler<GetDeliveryQuery> {
  constructor(private readonly sql: Sql) {}

  async execute(q: GetDeliveryQuery): Promise<DeliveryView> {
    await endpointOf(this.sql, q.workspaceId, q.endpointId);
    const row = await this.sql.one<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = ? AND id = ?`, [q.endpointId, q.deliveryId]);
    if (!row) throw new NotFoundError('delivery');
    return deliveryRowView(row);
  }
}

export interface OwnerNotificationView {
  id: string;
  kind: string;
  subject: string;
  data: unknown;
  created_at: string;
}

export class ListOwnerNotificationsQuery extends Query<OwnerNotificationView[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

/** What the default notifier recorded for a workspace's owner, newest first (operator CLI `notification list`). */
@QueryHandler(ListOwnerNotificationsQuery)
export class ListOwnerNotificationsHandler implements IQueryHandler<ListOwnerNotificationsQuery> {
  constructor(private readonly sql: Sql) {}

  async execute(q: ListOwnerNotificationsQuery): Promise<OwnerNotificationView[]> {
    const rows = await this.sql.all<{ id: string; kind: string; subject: string; data: unknown; created_at: Date }>(
      `SELECT id, kind, subject, data, created_at FROM owner_notifications WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT 1000`,
      [q.workspaceId],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, subject: r.subject, data: r.data, created_at: new Date(r.created_at).toISOString() }));
  }
}
