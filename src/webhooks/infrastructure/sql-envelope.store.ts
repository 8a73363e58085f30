import { Injectable } from '@nestjs/common';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { notify } from '../../platform/database/notify.js';
import {
  EVENT_LIST_DAYS,
  EnvelopeStore,
  type EventFilter,
  type NewEnvelope,
  type StoredEvent,
} from '../application/ports/envelope.ports.js';
import { slotColumns, textArray, unnest } from '../../platform/database/array-parameters.js';
import { webhooks } from './webhooks.tables.js';

/**
 * The channel notified (payload: the workspace id) in the transaction that stores a workspace's new events, so that
 * their listeners (the events stream) read them once committed (docs/adr/0065).
 */
export const EVENTS_CHANNEL = 'bp_events';

/** Within the window `GET /v1/events` lists: published in the last EVENT_LIST_DAYS days by the database's clock. */
const listable = sql<boolean>`published_at > now() - make_interval(days => ${sql.lit(EVENT_LIST_DAYS)})`;

const eventColumns = ['event_id', 'type', 'body', 'published_at'] as const;

function toEvent(r: { event_id: string; type: string; body: string; published_at: Date }): StoredEvent {
  return { eventId: r.event_id, type: r.type, body: r.body, publishedAt: r.published_at };
}

/** Envelopes, once per event id. */
const saveMessages = prepared(
  (
    p: Slots<{
      event_id: string[];
      workspace_id: string[];
      type: string[];
      body: string[];
      created_at: Date[];
      traceparent: (string | null)[];
    }>,
  ) =>
    webhooks
      .insertInto('webhook_messages')
      .columns(['event_id', 'workspace_id', 'type', 'body', 'created_at', 'traceparent'])
      .expression((eb) =>
        eb
          .selectFrom(
            unnest(
              'm',
              slotColumns(
                { event_id: 'text', workspace_id: 'text', type: 'text', body: 'text', created_at: 'timestamptz', traceparent: 'text' },
                p,
              ),
            ),
          )
          .selectAll(),
      )
      .onConflict((oc) => oc.columns(['workspace_id', 'event_id']).doNothing()),
);

@Injectable()
export class SqlEnvelopeStore extends EnvelopeStore {
  constructor(private readonly db: Sql) {
    super();
  }

  async saveMany(messages: readonly NewEnvelope[]): Promise<void> {
    if (messages.length === 0) return;
    await this.db.all(
      saveMessages({
        event_id: messages.map((m) => m.eventId),
        workspace_id: messages.map((m) => m.workspaceId),
        type: messages.map((m) => m.type),
        body: messages.map((m) => m.body),
        created_at: messages.map((m) => m.createdAt),
        traceparent: messages.map((m) => m.traceparent ?? null),
      }),
    );
    await notify(
      this.db,
      EVENTS_CHANNEL,
      messages.map((m) => m.workspaceId),
    );
  }

  async listEvents(workspaceId: string, filter: EventFilter): Promise<StoredEvent[]> {
    if (filter.types?.length === 0) return [];
    // webhook_messages_published_idx: one workspace, newest first from the cursor.
    let query = webhooks.selectFrom('webhook_messages').select(eventColumns).where('workspace_id', '=', workspaceId).where(listable);
    if (filter.types) query = query.where('type', 'in', [...filter.types]);
    if (filter.createdAfter) {
      // Published at or after it was created: the bound on published_at narrows the index range.
      query = query.where('created_at', '>=', filter.createdAfter).where('published_at', '>=', filter.createdAfter);
    }
    if (filter.createdBefore) query = query.where('created_at', '<', filter.createdBefore);
    const after = filter.after;
    if (after) {
      query = query.where((eb) => eb(eb.refTuple('published_at', 'event_id'), '<', eb.tuple(after.publishedAt, after.eventId)));
    }
    const rows = await this.db.all(query.orderBy('published_at', 'desc').orderBy('event_id', 'desc').limit(filter.limit));
    return rows.map(toEvent);
  }

  async eventById(workspaceId: string, eventId: string): Promise<StoredEvent | null> {
    const row = await this.db.one(
      webhooks
        .selectFrom('webhook_messages')
        .select(eventColumns)
        .where('workspace_id', '=', workspaceId)
        .where('event_id', '=', eventId)
        .where(listable),
    );
    return row ? toEvent(row) : null;
  }

  async eventsPublishedSince(
    workspaceId: string,
    since: Date,
    types: readonly string[] | undefined,
    limit: number,
    after?: { publishedAt: Date; eventId: string },
  ): Promise<StoredEvent[]> {
    if (types?.length === 0) return [];
    let query = webhooks
      .selectFrom('webhook_messages')
      .select(eventColumns)
      .where('workspace_id', '=', workspaceId)
      .where('published_at', '>=', after ? after.publishedAt : since);
    if (types) query = query.where('type', 'in', [...types]);
    // Ids compare byte by byte ("C"), as the stream's window compares them, whatever the database's collation.
    const id = sql`event_id COLLATE "C"`;
    if (after) query = query.where(sql<boolean>`(published_at, ${id}) > (${after.publishedAt}, ${after.eventId} COLLATE "C")`);
    const rows = await this.db.all(query.orderBy('published_at', 'asc').orderBy(id, 'asc').limit(limit));
    return rows.map(toEvent);
  }

  async carrying(
    workspaceId: string,
    since: Date,
    needles: readonly string[],
    after: string | null,
    limit: number,
  ): Promise<{ eventId: string; body: string }[]> {
    // The primary key (workspace_id, event_id): one workspace's envelopes, in key order from `after`; each batch reads
    // on from where the one before stopped, and only the matching rows are returned and locked.
    let query = webhooks
      .selectFrom('webhook_messages')
      .select(['event_id', 'body'])
      .where('workspace_id', '=', workspaceId)
      .where('created_at', '>=', since)
      .where(sql<boolean>`EXISTS (SELECT FROM unnest(${textArray(needles)}) AS n WHERE strpos(lower(body), n) > 0)`);
    if (after !== null) query = query.where('event_id', '>', after);
    const rows = await this.db.all(query.orderBy('event_id').limit(limit).forUpdate());
    return rows.map((r) => ({ eventId: r.event_id, body: r.body }));
  }

  async rewrite(workspaceId: string, bodies: ReadonlyMap<string, string>): Promise<void> {
    if (bodies.size === 0) return;
    await this.db.all(
      webhooks
        .updateTable('webhook_messages as m')
        .from(unnest('b', { event_id: [[...bodies.keys()], 'text'], body: [[...bodies.values()], 'text'] }))
        .set((eb) => ({ body: eb.ref('b.body') }))
        .where('m.workspace_id', '=', workspaceId)
        .whereRef('m.event_id', '=', 'b.event_id'),
    );
  }
}
