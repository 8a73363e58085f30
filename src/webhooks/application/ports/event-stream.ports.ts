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
   * The workspace's events published at or after `since` (of `types`, when given), oldest first by
   * (published_at, event_id), at most `limit`.
   */
  abstract publishedSince(workspaceId: string, since: Date, types: readonly string[] | undefined, limit: number): Promise<StreamedEvent[]>;
  /** When the workspace's event `eventId` was published, or null when it has no such event (any more). */
  abstract publishedAtOf(workspaceId: string, eventId: string): Promise<Date | null>;
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
