/** The Delivery decider's events: what `decide` returns and `evolve` applies. */

export interface DeliveryCreated {
  type: 'DeliveryCreated';
  deliveryId: string;
  endpointId: string;
  workspaceId: string;
  eventId: string;
  eventType: string;
  at: Date;
  /** the first attempt: `at` for an active endpoint; null when the endpoint is disabled */
  nextAttemptAt: Date | null;
}

/** Follows `DeliveryCreated` in the same append when the endpoint is disabled: FAILED, no attempt. */
export interface DeliveryRecordedAsFailed {
  type: 'DeliveryRecordedAsFailed';
  at: Date;
}

export interface AttemptSucceeded {
  type: 'AttemptSucceeded';
  number: number;
  statusCode: number;
  durationMs: number;
  at: Date;
}

export interface AttemptFailed {
  type: 'AttemptFailed';
  number: number;
  statusCode: number | null;
  /** at most 500 characters */
  error: string;
  durationMs: number;
  at: Date;
  /** null after the last attempt of a cycle (a `DeliveryFailed` follows) */
  nextAttemptAt: Date | null;
}

/** The last attempt of a ladder cycle failed. Counts toward the endpoint's `consecutive_failures`. */
export interface DeliveryFailed {
  type: 'DeliveryFailed';
  at: Date;
}

export type RequeueReason = 'RESEND' | 'REPLAY';

export interface DeliveryRequeued {
  type: 'DeliveryRequeued';
  at: Date;
  reason: RequeueReason;
  nextAttemptAt: Date;
}

/**
 * The payload this delivery sends was redacted: personal data it carried was erased (docs/adr/0044), so attempts
 * from now on send the placeholder where the first ones sent the data. It moves nothing else; the log keeps it so
 * that the history of what was sent stays true.
 */
export interface PayloadRedacted {
  type: 'PayloadRedacted';
  at: Date;
  reason: RedactionReason;
}

export type RedactionReason = 'PERSONAL_DATA_ERASED';

export type DeliveryEvent =
  DeliveryCreated | DeliveryRecordedAsFailed | AttemptSucceeded | AttemptFailed | DeliveryFailed | DeliveryRequeued | PayloadRedacted;
