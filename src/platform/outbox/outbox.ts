import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql.js';
import { IdGenerator } from '../time/ids.js';

/** An integration event on its way out: `type` is the public event type (`contact.created`, ...). */
export interface OutboxMessage {
  type: string;
  workspaceId: string;
  data: unknown;
  occurredAt: Date;
}

export interface OutboxRow {
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
    private readonly sql: Sql,
    private readonly ids: IdGenerator,
  ) {}

  async append(messages: OutboxMessage[]): Promise<string[]> {
    if (!this.sql.inTransaction()) throw new Error('Outbox.append must run inside the transaction of the state change');
    const eventIds: string[] = [];
    for (const m of messages) {
      const eventId = this.ids.next('whmsg');
      await this.sql.all(`INSERT INTO outbox (event_id, workspace_id, type, payload, created_at) VALUES (?, ?, ?, ?::jsonb, ?)`, [
        eventId,
        m.workspaceId,
        m.type,
        JSON.stringify({ data: m.data }),
        m.occurredAt,
      ]);
      eventIds.push(eventId);
    }
    return eventIds;
  }
}
