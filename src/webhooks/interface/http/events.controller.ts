import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { ListEnvelope } from '../../../platform/http/dto/list.dto.js';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import { GetEventQuery } from '../../application/queries/get-event/get-event.query.js';
import { ListEventsQuery } from '../../application/queries/list-events/list-events.query.js';
import { EventListQuery, EventResponse } from './dto/webhook.dto.js';

export const EventList = ListEnvelope(EventResponse, 'EventList');

/**
 * The workspace's events of the last 30 days (docs/adr/0065), each the exact envelope its webhook deliveries send:
 * what a consumer that missed deliveries reconciles from.
 */
@ApiTags('Webhooks')
@Controller('v1/events')
export class EventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Operation({
    id: 'listEvents',
    summary: 'List the events of the last 30 days, newest first',
    scope: 'webhooks:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    query: EventListQuery,
    response: EventList,
  })
  list(@Caller() caller: RequestPrincipal, @Input('query') q: EventListQuery) {
    return this.queries.execute(
      new ListEventsQuery(
        caller.workspaceId,
        q.limit,
        q.after,
        q.type,
        q.created_after === undefined ? undefined : parseInstant(q.created_after)!,
        q.created_before === undefined ? undefined : parseInstant(q.created_before)!,
      ),
    );
  }

  @Get(':event_id')
  @ApiParam({ name: 'event_id', type: String })
  @Operation({
    id: 'getEvent',
    summary: 'Get one event of the last 30 days, as its webhooks send it',
    scope: 'webhooks:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    response: EventResponse,
    errors: ['resource_not_found'],
  })
  get(@Caller() caller: RequestPrincipal, @Param('event_id') eventId: string) {
    return this.queries.execute(new GetEventQuery(caller.workspaceId, eventId));
  }
}
