import type { DeliveryEvent, DeliveryState } from '../../domain/delivery/index.js';
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

/** An event envelope to store: the body every attempt sends, and the trace its attempts join (docs/adr/0054). */
export interface NewEnvelope {
  eventId: string;
  workspaceId: string;
  type: string;
  body: string;
  createdAt: Date;
  traceparent?: string | null;
}

/** A stored event: its envelope as every delivery sends it, and when it became visible (docs/adr/0065). */
export interface StoredEvent {
  eventId: string;
  type: string;
  /** the envelope's exact bytes (JSON) */
  body: string;
  publishedAt: Date;
}

/** Where a newest-first page of events starts: after this one (exclusive). */
export interface EventPosition {
  publishedAt: Date;
  eventId: string;
}

export interface EventFilter {
  /** any of these types (absent: every type) */
  types?: readonly string[];
  /** created at or after */
  createdAfter?: Date;
  /** created before */
  createdBefore?: Date;
  after?: EventPosition;
  limit: number;
}

/** How long the events of a workspace can be fetched (`GET /v1/events`), and their envelopes are kept at least. */
export const EVENT_LIST_DAYS = 30;

/**
 * The event envelopes: the exact body every attempt signs and sends, one per subscribable event, which
 * `GET /v1/events` lists for EVENT_LIST_DAYS.
 */
export abstract class EnvelopeStore {
  /** Saves the envelopes (once per event id) and notifies the events channel once per workspace of the batch. */
  abstract saveMany(messages: readonly NewEnvelope[]): Promise<void>;
  /**
   * The workspace's events of the last EVENT_LIST_DAYS days (by publication), newest first by (published_at,
   * event_id), after `filter.after` when given, at most `filter.limit`.
   */
  abstract listEvents(workspaceId: string, filter: EventFilter): Promise<StoredEvent[]>;
  /** One event of the workspace, null when absent or published more than EVENT_LIST_DAYS days ago. */
  abstract eventById(workspaceId: string, eventId: string): Promise<StoredEvent | null>;
  /**
   * The workspace's events published at or after `since` (and after the event `after` in that order, when given),
   * oldest first by (published_at, event_id) with ids compared byte by byte, at most `limit`.
   */
  abstract eventsPublishedSince(
    workspaceId: string,
    since: Date,
    types: readonly string[] | undefined,
    limit: number,
    after?: { publishedAt: Date; eventId: string },
  ): Promise<StoredEvent[]>;
  /** The envelopes of these events (`id`: the event id) that exist, by event id. */
  abstract bodies(events: readonly WorkspaceKey[]): Promise<Map<string, Envelope>>;
  /**
   * One batch of the candidates of an erasure: the workspace's envelopes created at or after `since` whose body
   * contains one of `needles` (lower-case, any case in the body), with an event id after `after` (null: from the
   * first), at most `limit` of them in event id order, locked until the transaction ends. The next batch starts after
   * the last one returned; fewer than `limit` means there is none.
   */
  abstract carrying(
    workspaceId: string,
    since: Date,
    needles: readonly string[],
    after: string | null,
    limit: number,
  ): Promise<{ eventId: string; body: string }[]>;
  /** Replaces envelope bodies (an erasure's redaction): attempts from now on send and sign the new bytes. */
  abstract rewrite(workspaceId: string, bodies: ReadonlyMap<string, string>): Promise<void>;
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
