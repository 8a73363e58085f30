import { Injectable } from '@nestjs/common';
import { prepared, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { EventFeed, type StreamedEvent } from '../application/ports/event-stream.ports.js';
import { MessageStore } from '../application/ports/webhook.ports.js';
import { webhooks } from './webhooks.tables.js';

/** An envelope's publication instant, by its key (workspace_id, event_id). */
const publishedAt = prepared((p: Slots<{ workspaceId: string; eventId: string }>) =>
  webhooks
    .selectFrom('webhook_messages')
    .select('published_at')
    .where('workspace_id', '=', p.workspaceId)
    .where('event_id', '=', p.eventId),
);

/** The event streams' reads: the envelopes of webhook_messages by publication instant (docs/adr/0065, 0067). */
@Injectable()
export class SqlEventFeed extends EventFeed {
  constructor(
    private readonly messages: MessageStore,
    private readonly db: Sql,
  ) {
    super();
  }

  publishedSince(workspaceId: string, since: Date, types: readonly string[] | undefined, limit: number): Promise<StreamedEvent[]> {
    return this.messages.eventsPublishedSince(workspaceId, since, types ? [...types] : undefined, limit);
  }

  async publishedAtOf(workspaceId: string, eventId: string): Promise<Date | null> {
    const row = await this.db.one(publishedAt({ workspaceId, eventId }));
    return row ? new Date(row.published_at) : null;
  }
}
