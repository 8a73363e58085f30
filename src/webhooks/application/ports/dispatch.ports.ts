/** A due delivery leased to this dispatcher, at the version it was claimed at. */
export interface ClaimedDelivery {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  version: number;
}

/**
 * The dispatcher's work queue: due PENDING deliveries, shared between dispatcher processes with row locks and
 * leases, never with process memory (docs/adr/0017). Run its calls inside `BatchTransactions.run()`.
 */
export abstract class DeliveryQueue {
  /**
   * Leases up to `limit` due deliveries (PENDING, `next_attempt_at <= now`, no live lease), soonest due first,
   * skipping rows another transaction holds and the deliveries of `excludeEndpoints`. The lease lasts
   * `leaseSeconds` (longer than an attempt may take); recording an outcome clears it, and a dispatcher that
   * dies leaves it to run out, so the delivery is claimed and sent again (at-least-once).
   */
  abstract claimDue(claim: {
    now: Date;
    limit: number;
    leaseSeconds: number;
    excludeEndpoints: readonly string[];
  }): Promise<ClaimedDelivery[]>;
  /** When the next unleased PENDING delivery (not of `excludeEndpoints`) falls due; null when there is none. */
  abstract nextDue(excludeEndpoints: readonly string[]): Promise<Date | null>;
}

/**
 * One transaction for the dispatcher's batch statements: the claim (with its endpoints and envelopes) and a
 * group commit of outcomes. It joins an open transaction. The adapter tunes it for statements that look rows
 * up by long key lists, which is why these calls must not run in a plain `Transactions.run()`.
 */
export abstract class BatchTransactions {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
