import type { DeliveryEvent, DeliveryState } from '../../domain/delivery.js';
import type { Endpoint, EndpointAutoDisabled } from '../../domain/endpoint.js';

/**
 * Endpoints with their secrets. The aggregate holds secret references (the sealed form); `seal` turns a new
 * plaintext secret into one, and `signingSecrets` opens the ones that sign now.
 */
export abstract class EndpointRepository {
  abstract countInWorkspace(workspaceId: string): Promise<number>;
  /** Serialises endpoint creation within a workspace until the transaction ends (the limit of 10 holds). */
  abstract lockWorkspace(workspaceId: string): Promise<void>;
  abstract listInWorkspace(workspaceId: string): Promise<Endpoint[]>;
  abstract byId(workspaceId: string, id: string): Promise<Endpoint | null>;
  /** By id alone, for workers (no workspace in hand). */
  abstract get(id: string): Promise<Endpoint | null>;
  /** Locks the row until the transaction ends (counters and status change under the lock). */
  abstract byIdForUpdate(id: string): Promise<Endpoint | null>;
  /** The endpoints of a workspace subscribed to an event type, in any status. */
  abstract subscribedTo(workspaceId: string, eventType: string): Promise<Endpoint[]>;
  /** The stored (encrypted) reference of a new plaintext secret for this endpoint. */
  abstract seal(endpointId: string, secret: string): string;
  abstract insert(endpoint: Endpoint): Promise<void>;
  abstract update(endpoint: Endpoint): Promise<void>;
  abstract delete(workspaceId: string, id: string): Promise<boolean>;
  /** Plaintext secrets that sign at `now`: the current one, plus the previous during its overlap. */
  abstract signingSecrets(endpoint: Endpoint, now: Date): Promise<string[]>;
}

/** A delivery stream loaded from the event store. */
export interface LoadedDelivery {
  state: DeliveryState;
  version: number;
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
  /** With `lock`, the stream is locked until the transaction ends. */
  abstract load(deliveryId: string, options?: { lock?: boolean }): Promise<LoadedDelivery | null>;
  /**
   * Appends `events` to a stream at `expectedVersion` (0 for a new stream) and writes the projection of
   * `state`. A new stream that duplicates (endpoint, event) is skipped and returns false.
   * A version mismatch throws ConcurrentDeliveryWriteError.
   */
  abstract append(deliveryId: string, expectedVersion: number, events: DeliveryEvent[], state: DeliveryState): Promise<boolean>;
}

/** The event envelopes: the exact body every attempt signs and sends. */
export abstract class MessageStore {
  abstract save(message: { eventId: string; workspaceId: string; type: string; body: string; createdAt: Date }): Promise<void>;
  abstract body(eventId: string): Promise<string | null>;
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
}

/**
 * Sends one signed webhook: the SSRF guard resolves and checks the URL's addresses, the request goes to the
 * checked address (no second lookup), redirects are not followed, 10 s time-out. A refused URL is an
 * outcome (not delivered, no status code), not an exception; `refused` says the guard stopped it.
 */
export abstract class WebhookTransport {
  abstract send(url: string, secrets: string[], message: { id: string; body: string }, now: Date): Promise<TransportOutcome & { refused: boolean }>;
  /** Throws a ValidationError on `/url` when the URL is refused by the URL rules or the SSRF guard. */
  abstract screen(url: string): Promise<void>;
}
