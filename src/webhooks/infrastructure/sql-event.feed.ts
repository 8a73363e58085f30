import { Injectable } from '@nestjs/common';
import { EventFeed, type StreamedEvent } from '../application/ports/event-stream.ports.js';
import { EnvelopeStore } from '../application/ports/webhook.ports.js';

/** The event streams' reads: the envelopes of webhook_messages by publication instant (docs/adr/0065, 0067). */
@Injectable()
export class SqlEventFeed extends EventFeed {
  constructor(private readonly envelopes: EnvelopeStore) {
    super();
  }

  publishedSince(workspaceId: string, since: Date, types: readonly string[] | undefined, limit: number): Promise<StreamedEvent[]> {
    return this.envelopes.eventsPublishedSince(workspaceId, since, types, limit);
  }

  /** Of the last EVENT_LIST_DAYS days only, as `GET /v1/events/{event_id}` reads it: an older id starts from now. */
  async publishedAtOf(workspaceId: string, eventId: string): Promise<Date | null> {
    return (await this.envelopes.eventById(workspaceId, eventId))?.publishedAt ?? null;
  }
}
