import type { Sql } from '../../../platform/database/sql.js';
import { NotFoundError } from '../../../platform/domain/domain-error.js';
import type { DeliveryStatus } from '../../domain/delivery.js';
import type { DeliveryView } from '../webhook.views.js';

/** What the delivery queries (list and get) read from the projection `webhook_deliveries`. */
export interface DeliveryRow {
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

export const DELIVERY_COLUMNS = 'id, event_id, event_type, status, attempt_count, attempts, next_attempt_at, last_status_code, created_at';

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
export async function endpointOf(sql: Sql, workspaceId: string, endpointId: string): Promise<void> {
  if (!(await sql.one(`SELECT 1 FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [workspaceId, endpointId])))
    throw new NotFoundError('webhook endpoint');
}
