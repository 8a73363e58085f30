import { Injectable } from '@nestjs/common';
import { EventFeed, type StreamedEvent } from '../application/ports/event-stream.ports.js';
import type { LookStart, Published } from '../domain/event-stream-window.js';
import { EnvelopeStore } from '../application/ports/envelope.ports.js';

/** The event streams' reads: the envelopes of webhook_messages by publication instant (docs/adr/0065, 0067). */
@Injectable()
export class SqlEventFeed extends EventFeed {
  constructor(private readonly envelopes: EnvelopeStore) {
    super();
  }

  publishedSince(workspaceId: string, start: LookStart, types: readonly string[] | undefined, limit: number): Promise<StreamedEvent[]> {
    if ('after' in start) return this.envelopes.eventsPublishedSince(workspaceId, start.after.publishedAt, types, limit, start.after);
    return this.envelopes.eventsPublishedSince(workspaceId, start.since, types, limit);
  }

  /** Of the last EVENT_LIST_DAYS days only, as `GET /v1/events/{event_id}` reads it: an older id starts from now. */
  async positionOf(workspaceId: string, eventId: string): Promise<Published | null> {
    const event = await this.envelopes.eventById(workspaceId, eventId);
    return event ? { eventId: event.eventId, publishedAt: event.publishedAt } : null;
  }
}
