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
