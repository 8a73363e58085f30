/**
 * The Delivery model: one webhook event on its way to one endpoint, event-sourced as a pure decider (decider.ts):
 * `decide(command, state) -> events` and `evolve(state, event) -> state`.
 *
 * Nothing here reads a clock or draws a random number: `now` and the retry `jitter` come in on the commands,
 * and the retry ladder comes in as a policy (config `WEBHOOK_RETRY_DELAYS` replaces it in tests).
 *
 * Choices the spec leaves open:
 * - An event for a DISABLED endpoint is recorded by two events in one append: `DeliveryCreated` (with
 *   `nextAttemptAt` null) followed by `DeliveryRecordedAsFailed`. The delivery is FAILED with no attempt and
 *   `recordedWhileDisabled` true, so a replay after re-enabling recovers it and it never counts toward the
 *   endpoint's `consecutive_failures` (only `DeliveryFailed`, the end of a ladder, does).
 * - Resend is allowed in every status. Resending a SUCCEEDED delivery sends it again (as Stripe does);
 *   resending a PENDING one makes its next attempt immediate. Either way the ladder restarts with up to
 *   `maxAttempts` more attempts, attempt numbers keep counting and the event id (webhook-id) never changes.
 * - A ladder shorter than `maxAttempts - 1` entries reuses its last entry for the remaining steps.
 */

/** The Delivery decider's state: what `evolve` folds a delivery's events into. */

export type DeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface AttemptRecord {
  /** 1-based, counting across every cycle of the ladder */
  number: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

export interface DeliveryState {
  id: string;
  endpointId: string;
  workspaceId: string;
  /** the `whmsg_…` envelope id, sent as `webhook-id`; never changes */
  eventId: string;
  eventType: string;
  createdAt: Date;
  /** when the last event was applied */
  updatedAt: Date;
  status: DeliveryStatus;
  attempts: AttemptRecord[];
  attemptCount: number;
  /** attempts since the ladder last (re)started: creation, resend or replay */
  attemptsInCycle: number;
  /** the next automatic attempt; null unless PENDING */
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  /**
   * True while the delivery is FAILED because it was recorded for a disabled endpoint (no attempt made).
   * Such a failure does not count toward `consecutive_failures`. A resend or replay clears it.
   */
  recordedWhileDisabled: boolean;
  /** number of events applied: the stream version */
  version: number;
}

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
