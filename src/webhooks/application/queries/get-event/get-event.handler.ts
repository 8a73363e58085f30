import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { EnvelopeStore } from '../../ports/envelope.ports.js';
import { eventView, type EventView } from '../event.view.js';
import { GetEventQuery } from './get-event.query.js';

/** One event of the last 30 days, as its deliveries send it. */
@QueryHandler(GetEventQuery)
export class GetEventHandler implements IQueryHandler<GetEventQuery> {
  constructor(private readonly envelopes: EnvelopeStore) {}

  async execute(q: GetEventQuery): Promise<EventView> {
    const event = await this.envelopes.eventById(q.workspaceId, q.eventId);
    if (!event) throw new NotFoundError('event');
    return eventView(event);
  }
}
