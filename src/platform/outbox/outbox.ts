import { Injectable } from '@nestjs/common';
import { jsonb } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { IdGenerator } from '../time/ids.js';
import type { OutboxMessage } from './integration-event.js';
import { outbox } from './outbox.table.js';

export type { OutboxMessage };

/** An outbox event as the relay hands it to its subscribers, in publication order. */
export interface PublishedEvent {
  seq: number;
  eventId: string;
  workspaceId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

/**
 * The transactional outbox: `append` writes rows in the caller's transaction, so an event exists if and
 * only if the state change that caused it committed. The relay (a worker) publishes them.
 * Each row's `event_id` (`whmsg_…`) becomes the webhook envelope id.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly db: Sql,
    private readonly ids: IdGenerator,
  ) {}

  async append(messages: OutboxMessage[]): Promise<string[]> {
    if (!this.db.inTransaction()) throw new Error('Outbox.append must run inside the transaction of the state change');
    const eventIds: string[] = [];
    for (const m of messages) {
      const eventId = this.ids.next('whmsg');
      await this.db.all(
        outbox.insertInto('outbox').values({
          event_id: eventId,
          workspace_id: m.workspaceId,
          type: m.type,
          payload: jsonb({ data: m.data }),
          created_at: m.occurredAt,
        }),
      );
      eventIds.push(eventId);
    }
    return eventIds;
  }
}
