/** The Delivery decider's commands: what `decide` is asked. */

export interface CreateDelivery {
  type: 'CreateDelivery';
  deliveryId: string;
  endpointId: string;
  workspaceId: string;
  eventId: string;
  eventType: string;
  now: Date;
  endpointActive: boolean;
}

export interface AttemptOutcome {
  /** null when no HTTP response came back (network error, time-out) */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface RecordAttempt {
  type: 'RecordAttempt';
  outcome: AttemptOutcome;
  now: Date;
  /** in [-1, 1] (clamped): the delay becomes base * (1 + 0.2 * jitter) */
  jitter: number;
}

export interface Resend {
  type: 'Resend';
  now: Date;
}

export interface Replay {
  type: 'Replay';
  now: Date;
  since: Date;
}

/**
 * The dispatcher found the delivery due while its endpoint is DISABLED: no attempt is made; the delivery is
 * FAILED as if it had been recorded while disabled, so a replay after re-enabling recovers it.
 */
export interface HoldForDisabledEndpoint {
  type: 'HoldForDisabledEndpoint';
  now: Date;
}

/** The envelope this delivery sends was rewritten without the personal data it carried (docs/adr/0044). */
export interface RedactPayload {
  type: 'RedactPayload';
  now: Date;
}

export type DeliveryCommand = CreateDelivery | RecordAttempt | Resend | Replay | HoldForDisabledEndpoint | RedactPayload;
