import type { Sql } from '../../../platform/database/sql.js';
import { NotFoundError } from '../../../platform/domain/domain-error.js';
import { webhooks, type DeliveryRow } from '../../infrastructure/webhooks.tables.js';
import type { DeliveryView } from '../webhook.views.js';

/** What the delivery queries (list and get) read from the projection `webhook_deliveries`. */
export const DELIVERY_COLUMNS = [
  'id',
  'event_id',
  'event_type',
  'status',
  'attempt_count',
  'attempts',
  'next_attempt_at',
  'last_status_code',
  'created_at',
] as const;

/** A delivery as the contract prints it, read from the projection. */
export function deliveryRowView(r: Pick<DeliveryRow, (typeof DELIVERY_COLUMNS)[number]>): DeliveryView {
  return {
    id: r.id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    attempt_count: r.attempt_count,
    next_attempt_at: r.next_attempt_at ? r.next_attempt_at.toISOString() : null,
    last_status_code: r.last_status_code,
    created_at: r.created_at.toISOString(),
    attempts: r.attempts.map((a) => ({
      number: a.number,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      at: new Date(a.at).toISOString(),
    })),
  };
}

/** Throws NotFoundError unless the workspace has this endpoint. */
export async function endpointOf(db: Sql, workspaceId: string, endpointId: string): Promise<void> {
  const found = await db.one(
    webhooks.selectFrom('webhook_endpoints').select('id').where('workspace_id', '=', workspaceId).where('id', '=', endpointId),
  );
  if (!found) throw new NotFoundError('webhook endpoint');
}
