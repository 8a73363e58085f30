/** The event envelopes: stored once per event by the fan-out, listed by `GET /v1/events` (docs/adr/0065). */

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
