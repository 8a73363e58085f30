import type { DeliveryEvent, DeliveryState } from '../../domain/delivery/model.js';
import type { DueEndpoint } from '../../domain/fair-share.js';
import type { Endpoint, EndpointAutoDisabled } from '../../domain/endpoint.js';
import type { StreamAppend } from '../../domain/recording.js';

/**
 * A row of a workspace-owned table by its key, workspace first (docs/adr/0053): every by-id read carries the
 * workspace, so that on a cluster sharded by workspace it reads one shard.
 */
export interface WorkspaceKey {
  workspaceId: string;
  id: string;
}

/**
 * Endpoints with their secrets. The aggregate holds secret references (the sealed form); `seal` turns a new
 * plaintext secret into one, and `signingSecrets` opens the ones that sign now.
 */
export abstract class EndpointRepository {
  abstract countInWorkspace(workspaceId: string): Promise<number>;
  /** Serialises endpoint creation within a workspace until the transaction ends (the limit of 10 holds). */
  abstract lockWorkspace(workspaceId: string): Promise<void>;
  abstract listInWorkspace(workspaceId: string): Promise<Endpoint[]>;
  /** With `lock`, the row is locked until the transaction ends (counters and status change under the lock). */
  abstract byId(workspaceId: string, id: string, options?: { lock?: boolean }): Promise<Endpoint | null>;
  /** Whether the workspace has this endpoint (reads no secrets, builds no aggregate). */
  abstract exists(workspaceId: string, id: string): Promise<boolean>;
  /** The ones that exist, by id. */
  abstract getMany(keys: readonly WorkspaceKey[]): Promise<Map<string, Endpoint>>;
  /**
   * Locks the rows that exist until the transaction ends, in the order of their ids (so that two callers
   * locking overlapping sets cannot deadlock), and returns them by id.
   */
  abstract lockMany(keys: readonly WorkspaceKey[]): Promise<Map<string, Endpoint>>;
  /** Every endpoint of these workspaces, in any status, oldest first within a workspace. */
  abstract inWorkspaces(workspaceIds: readonly string[]): Promise<Endpoint[]>;
  /** The stored (encrypted) reference of a new plaintext secret for this endpoint. */
  abstract seal(endpointId: string, secret: string): string;
  abstract insert(endpoint: Endpoint): Promise<void>;
  abstract update(endpoint: Endpoint): Promise<void>;
  /**
   * Saves what delivery bookkeeping moves (status and reason, the failure counter, the last success and
   * failure instants, updated_at) of rows the caller has locked (`lockMany`), in one statement.
   */
  abstract saveDeliveryCounters(endpoints: readonly Endpoint[]): Promise<void>;
  abstract delete(workspaceId: string, id: string): Promise<boolean>;
  /** Plaintext secrets that sign at `now`: the current one, plus the previous during its overlap. */
  abstract signingSecrets(endpoint: Endpoint, now: Date): Promise<string[]>;
}

/** A delivery stream loaded from the event store. */
export interface LoadedDelivery {
  state: DeliveryState;
  version: number;
}

/** A stream to start: its events from version 1, the state they lead to, and a lease when a dispatcher holds it. */
export interface NewStream {
  deliveryId: string;
  events: DeliveryEvent[];
  state: DeliveryState;
  /** the delivery is born claimed: its first attempt is in flight in this process */
  lease?: { token: string; until: Date };
}

export class ConcurrentDeliveryWriteError extends Error {
  constructor(deliveryId: string) {
    super(`delivery ${deliveryId} changed concurrently`);
  }
}

/**
 * The delivery event store: append-only streams with an expected-version check, and the projection that
 * the list and dispatch queries read, written in the same transaction as the events.
 */
export abstract class DeliveryStore {
  /**
   * Loads many streams at once (absent: no such delivery). With `lock`, the streams are locked until the
   * transaction ends, in the order of their ids.
   */
  abstract loadMany(keys: readonly WorkspaceKey[], options?: { lock?: boolean }): Promise<Map<string, LoadedDelivery>>;
  /** Locks these streams until the transaction ends, in id order; returns the version of each that exists. */
  abstract lockMany(keys: readonly WorkspaceKey[]): Promise<Map<string, number>>;
  /**
   * Starts many streams (each appends its events at version 0) with their projections, in one go; a new
   * stream that duplicates (endpoint, event) is skipped. Returns the ids of the streams started.
   */
  abstract createMany(streams: readonly NewStream[]): Promise<Set<string>>;
  /**
   * Appends to many existing streams, each at its expected version, and writes their projections (clearing
   * the lease), in one go. A stream no longer at its expected version is left alone (it is not in the result);
   * the others are written. Returns the ids of the streams written. One append per stream.
   */
  abstract appendMany(appends: readonly StreamAppend[]): Promise<Set<string>>;
  /** Whether this delivery is one of this endpoint's, and the endpoint one of this workspace's. */
  abstract belongsTo(workspaceId: string, endpointId: string, deliveryId: string): Promise<boolean>;
  /** The ids of the endpoint's FAILED deliveries created at or after `since`, in id order (the order writers lock them in). */
  abstract failedSince(workspaceId: string, endpointId: string, since: Date): Promise<string[]>;
  /** The ids of the deliveries of these events, in id order. */
  abstract ofEvents(workspaceId: string, eventIds: readonly string[]): Promise<string[]>;
}

/** An envelope to send: its exact bytes, and the trace its attempts continue (docs/adr/0054; null when untraced). */
export interface Envelope {
  body: string;
  traceparent: string | null;
}

/** Tells a workspace owner that something needs their attention. */
export abstract class OwnerNotifier {
  abstract endpointDisabled(event: EndpointAutoDisabled): Promise<void>;
}

export interface TransportOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** the attempt ran into its time-out (the slow lane counts these) */
  timedOut?: boolean;
}

/** A webhook URL resolved and checked by the SSRF guard, with its signing secrets, ready to send to. */
export interface PreparedTarget {
  /** `deadline`: the batch's one time-out signal (else the attempt's own WEBHOOK_ATTEMPT_TIMEOUT_MS) */
  send(
    message: { id: string; body: string; traceparent?: string | null },
    now: Date,
    deadline?: AbortSignal,
  ): Promise<TransportOutcome & { refused: boolean }>;
}

/**
 * Sends one signed webhook: the SSRF guard resolves and checks the URL's addresses, the request goes to the
 * checked address (no second lookup), redirects are not followed, WEBHOOK_ATTEMPT_TIMEOUT_MS time-out. A refused URL is an
 * outcome (not delivered, no status code), not an exception; `refused` says the guard stopped it.
 */
export abstract class WebhookTransport {
  /**
   * Resolves and checks `url` once (the SSRF guard), and readies `secrets` for signing, for the attempts of one
   * dispatch batch: every send of the target goes to the address checked here. A refused URL gives a target
   * whose sends are refused outcomes.
   */
  abstract prepare(url: string, secrets: string[]): Promise<PreparedTarget>;
  abstract send(
    url: string,
    secrets: string[],
    message: { id: string; body: string },
    now: Date,
  ): Promise<TransportOutcome & { refused: boolean }>;
  /** Throws a ValidationError on `/url` when the URL is refused by the URL rules or the SSRF guard. */
  abstract screen(url: string): Promise<void>;
}

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
  /** what every attempt sends: the event's envelope */
  envelope: Envelope;
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
