import type { DeliveryState } from '../domain/delivery/model.js';
import type { Endpoint } from '../domain/endpoint.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface EndpointView {
  id: string;
  url: string;
  status: 'ACTIVE' | 'DISABLED';
  disabled_reason: 'MANUAL' | 'CONSECUTIVE_FAILURES' | null;
  event_types: string[];
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The contract's webhook endpoint record: every field present, never the secret. */
export function endpointView(endpoint: Endpoint): EndpointView {
  const s = endpoint.snapshot();
  return {
    id: s.id,
    url: s.url,
    status: s.status,
    disabled_reason: s.disabledReason,
    event_types: [...s.eventTypes],
    consecutive_failures: s.consecutiveFailures,
    last_success_at: iso(s.lastSuccessAt),
    last_failure_at: iso(s.lastFailureAt),
    previous_secret_expires_at: iso(s.previousSecretExpiresAt),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export interface AttemptView {
  number: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  at: string;
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
  attempts: AttemptView[];
}

export function deliveryView(s: DeliveryState): DeliveryView {
  return {
    id: s.id,
    event_id: s.eventId,
    event_type: s.eventType,
    status: s.status,
    attempt_count: s.attemptCount,
    next_attempt_at: iso(s.nextAttemptAt),
    last_status_code: s.lastStatusCode,
    created_at: s.createdAt.toISOString(),
    attempts: s.attempts.map((a) => ({
      number: a.number,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      at: a.at.toISOString(),
    })),
  };
}

/** The signed envelope: `id`, `type`, `created_at`, `data`, serialised once and sent byte for byte. */
export function envelopeBody(eventId: string, type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ id: eventId, type, created_at: createdAt.toISOString(), data });
}
