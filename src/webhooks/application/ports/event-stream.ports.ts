import type { LookStart, Published } from '../../domain/event-stream-window.js';

/** One published event as a stream sends it: the envelope a delivery sends (`body`, exact bytes), and when it was. */
export interface StreamedEvent {
  eventId: string;
  type: string;
  body: string;
  publishedAt: Date;
}

/** The published events a stream reads (the envelopes in webhook_messages, docs/adr/0065, 0067). */
export abstract class EventFeed {
  /**
   * The workspace's events from `start` (an instant, inclusive, or strictly after one event) of `types` when given,
   * oldest first by (published_at, event_id), at most `limit`.
   */
  abstract publishedSince(
    workspaceId: string,
    start: LookStart,
    types: readonly string[] | undefined,
    limit: number,
  ): Promise<StreamedEvent[]>;
  /** The workspace's event `eventId` as a stream orders it, or null when it has no such event (any more). */
  abstract positionOf(workspaceId: string, eventId: string): Promise<Published | null>;
}

/** Who is told that a workspace published events. */
export interface EventSubscriber {
  readonly workspaceId: string;
  /** the workspace published (in any process), or notifications may have been missed: look again */
  wake(): void;
}

/**
 * Tells the streams of this process that their workspace published events, whichever process committed them (a
 * notification sent by the relay's transaction at commit); when notifications may have been missed (the listening
 * connection was lost and is back), every subscriber is woken. Listens only once something subscribed.
 */
export abstract class EventSignals {
  /** Returns the unsubscribe. */
  abstract subscribe(subscriber: EventSubscriber): () => void;
}
