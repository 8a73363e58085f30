import { Injectable } from '@nestjs/common';
import { notify } from '../database/notify.js';
import { slotColumns, unnestInOrder } from '../database/array-parameters.js';
import { prepared, sql, type Slots } from '../database/query-builder.js';
import { Sql } from '../database/sql.js';
import { currentTraceparent } from '../observability/tracing.js';
import { IdGenerator } from '../time/ids.js';
import type { NewOutboxEvent } from './integration-event.js';
import { outbox } from './outbox.table.js';

export type { NewOutboxEvent };

/**
 * Any number of rows in one statement of one text (one prepared statement), the columns bound as arrays; rows take
 * their sequence numbers in the arrays' order (`ORDER BY m.ord`), which is the order the relay publishes them in.
 */
const appendRows = prepared(
  (
    p: Slots<{
      event_id: string[];
      workspace_id: string[];
      type: string[];
      payload: string[];
      created_at: Date[];
      traceparent: string | null;
    }>,
  ) =>
    outbox
      .insertInto('outbox')
      .columns(['event_id', 'workspace_id', 'type', 'payload', 'created_at', 'traceparent'])
      .expression((eb) =>
        eb
          .selectFrom(
            unnestInOrder(
              'm',
              slotColumns({ event_id: 'text', workspace_id: 'text', type: 'text', payload: 'text', created_at: 'timestamptz' }, p),
            ),
          )
          .select([
            'm.event_id',
            'm.workspace_id',
            'm.type',
            sql<{ data: unknown }>`m.payload::jsonb`.as('payload'),
            'm.created_at',
            sql<string | null>`${p.traceparent}::text`.as('traceparent'),
          ])
          .orderBy('m.ord'),
      ),
);

/** The channel `append` notifies (at commit) and the relay listens on. */
export const OUTBOX_CHANNEL = 'outbox';

/** An outbox event as the relay hands it to its subscribers, in publication order. */
export interface OutboxEvent {
  seq: number;
  eventId: string;
  workspaceId: string;
  type: string;
  data: unknown;
  createdAt: Date;
  /** the trace context to continue (docs/adr/0054): the relay's span for this row; null when tracing is off */
  traceparent?: string | null;
}

/**
 * The transactional outbox: `append` writes rows in the caller's transaction, so an event exists if and
 * only if the state change that caused it committed. The relay (a worker) publishes them.
 * Each row's `event_id` (`whmsg_…`) becomes the webhook envelope id. The relay is woken on channel `outbox`, at commit.
 */
@Injectable()
export class Outbox {
  constructor(
    private readonly db: Sql,
    private readonly ids: IdGenerator,
  ) {}

  /** Writes `messages` in one statement (one row each, in order, whatever their number); returns their event ids. */
  async append(messages: NewOutboxEvent[]): Promise<string[]> {
    if (!this.db.inTransaction()) throw new Error('Outbox.append must run inside the transaction of the state change');
    if (messages.length === 0) return [];
    const eventIds = messages.map(() => this.ids.next('whmsg'));
    const traceparent = currentTraceparent(); // the command's span, continued by the relay (docs/adr/0054)
    await this.db.all(
      appendRows({
        event_id: eventIds,
        workspace_id: messages.map((m) => m.workspaceId),
        type: messages.map((m) => m.type),
        payload: messages.map((m) => JSON.stringify({ data: m.data })),
        created_at: messages.map((m) => m.occurredAt),
        traceparent,
      }),
    );
    await notify(this.db, OUTBOX_CHANNEL, ['']); // the relay wakes at commit (docs/adr/0053)
    return eventIds;
  }
}
