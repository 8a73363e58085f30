import type { DeliveryState } from '../../domain/delivery/index.js';
import type { DueEndpoint } from '../../domain/fair-share.js';

/**
 * A due delivery leased to this dispatcher, at the version it was claimed at, with its state at that version (a
 * snapshot of the projection the claim read): the outcome is decided from it, and the append's compare-and-set
 * on `version` refuses it if the stream moved meanwhile.
 */
export interface ClaimedDelivery {
  deliveryId: string;
  endpointId: string;
  workspaceId: string;
  eventId: string;
  version: number;
  state: DeliveryState;
}

/** The channel the delivery store notifies (at commit) when a write makes work due now; dispatchers listen on it. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

/** The endpoints with pending work, as one claim sees them. */
export interface DueWork {
  /** endpoints with due, unleased deliveries (counted up to the claim's look-ahead) */
  due: DueEndpoint[];
  /** the soonest instant an unleased delivery of an endpoint with nothing due falls due; null: none */
  nextDue: Date | null;
}

/**
 * The dispatcher's work queue: due PENDING deliveries, shared between dispatcher processes with row locks and
 * leases, never with process memory (docs/adr/0017). Run its calls inside `BatchTransactions.run()`.
 */
export abstract class DeliveryQueue {
  /**
   * The endpoints that have due work (PENDING, `next_attempt_at <= now`, no live lease), each with its number of
   * due deliveries counted up to `lookAhead`, and when the next delivery of the others falls due. Costs one step
   * per endpoint with pending work, whatever the number of deliveries.
   */
  abstract dueWork(query: { now: Date; lookAhead: number }): Promise<DueWork>;
  /**
   * Leases, for each endpoint of `take`, up to its count of its soonest-due deliveries, skipping rows another
   * transaction holds. The lease lasts `leaseSeconds` (longer than an attempt may take); recording an outcome
   * clears it, and a dispatcher that dies leaves it to run out, so the delivery is claimed and sent again
   * (at-least-once). `workspaceOf` names each endpoint's workspace: the claim finds rows by their key, workspace first.
   */
  abstract claim(claim: {
    now: Date;
    leaseSeconds: number;
    take: ReadonlyMap<string, number>;
    workspaceOf: ReadonlyMap<string, string>;
  }): Promise<ClaimedDelivery[]>;
}

/**
 * One transaction for the dispatcher's batch statements: the claim (with its endpoints and envelopes) and a
 * group commit of outcomes. It joins an open transaction. The adapter tunes it for statements that look rows
 * up by long key lists, which is why these calls must not run in a plain `Transactions.run()`.
 */
export abstract class BatchTransactions {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
