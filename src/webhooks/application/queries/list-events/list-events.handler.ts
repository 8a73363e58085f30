import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CursorCodec, toPage, type Page } from '../../../../platform/pagination/cursor.js';
import { EnvelopeStore } from '../../ports/envelope.ports.js';
import { eventView, type EventView } from '../event.view.js';
import { ListEventsQuery } from './list-events.query.js';

/**
 * The workspace's events of the last 30 days, newest first, keyset on (published_at, event_id): an event that
 * becomes visible while a client pages lands before its first page, never between two pages. The cursor is bound
 * to the workspace and the filters.
 */
@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery> {
  constructor(
    private readonly envelopes: EnvelopeStore,
    private readonly cursors: CursorCodec,
  ) {}

  async execute(q: ListEventsQuery): Promise<Page<EventView>> {
    const filter = [
      q.types ? [...new Set(q.types)].sort().join(',') : '',
      q.createdAfter?.toISOString() ?? '',
      q.createdBefore?.toISOString() ?? '',
    ].join('|');
    const after = q.after ? this.cursors.decode(q.after, 'events', q.workspaceId, filter) : undefined;
    const rows = await this.envelopes.listEvents(q.workspaceId, {
      types: q.types,
      createdAfter: q.createdAfter,
      createdBefore: q.createdBefore,
      after: after ? { publishedAt: new Date(after.at), eventId: after.id } : undefined,
      limit: q.limit + 1,
    });
    return toPage(
      rows,
      q.limit,
      (r) => ({ at: r.publishedAt.toISOString(), id: r.eventId }),
      (p) => this.cursors.encode('events', q.workspaceId, p, filter),
      eventView,
    );
  }
}
