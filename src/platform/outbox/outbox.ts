import { Injectable } from '@nestjs/common';
import { sql } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { IdGenerator } from '../time/ids.js';
import type { OutboxMessage } from './integration-event.js';

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

  /** Writes `messages` in one statement (one row each, in order, whatever their number); returns their event ids. */
  async append(messages: OutboxMessage[]): Promise<string[]> {
    if (!this.db.inTransaction()) throw new Error('Outbox.append must run inside the transaction of the state change');
    if (messages.length === 0) return [];
    const eventIds = messages.map(() => this.ids.next('whmsg'));
    // One text for any number of rows (one prepared statement), the columns sent as arrays.
    await this.db.all(sql`
      INSERT INTO outbox (event_id, workspace_id, type, payload, created_at)
      SELECT * FROM unnest(${eventIds}::text[], ${messages.map((m) => m.workspaceId)}::text[],
                           ${messages.map((m) => m.type)}::text[],
                           ${messages.map((m) => JSON.stringify({ data: m.data }))}::jsonb[],
                           ${messages.map((m) => m.occurredAt)}::timestamptz[])`);
    return eventIds;
  }
}
