import { Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { ListEnvelope } from '../../../platform/http/dto/list.dto.js';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import { ReplayDeliveriesCommand } from '../../application/commands/replay-deliveries/replay-deliveries.command.js';
import { ResendDeliveryCommand } from '../../application/commands/resend-delivery/resend-delivery.command.js';
import { GetDeliveryQuery } from '../../application/queries/get-delivery/get-delivery.query.js';
import { ListDeliveriesQuery } from '../../application/queries/list-deliveries/list-deliveries.query.js';
import { DeliveryListQuery, DeliveryResponse, ReplayBody, ReplayResponse } from './dto/webhook.dto.js';
import { endpointParam } from './webhooks.controller.js';

export const DeliveryList = ListEnvelope(DeliveryResponse, 'DeliveryList');

const deliveryParam = ApiParam({ name: 'delivery_id', type: String });

/** What the log's two reads share: free, safe, 200. */
const READ = { scope: 'webhooks:read', write: false, quotaCost: 0, idempotent: false, status: 200 } as const;
/** What resend and replay share: they re-queue deliveries (sent to receivers later: open world), 202. */
const REQUEUE = { openWorld: true, scope: 'webhooks:write', write: true, quotaCost: 0, idempotent: true, status: 202 } as const;

/** An endpoint's delivery log: list, read, resend one, replay the failed ones. */
@ApiTags('Webhooks')
@Controller('v1/webhook-endpoints')
export class DeliveriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':endpoint_id/deliveries')
  @endpointParam
  @Operation({
    id: 'listDeliveries',
    summary: 'List deliveries, newest first',
    ...READ,
    query: DeliveryListQuery,
    response: DeliveryList,
    errors: ['resource_not_found'],
  })
  deliveries(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string, @Input('query') q: DeliveryListQuery) {
    return this.queries.execute(new ListDeliveriesQuery(caller.workspaceId, endpointId, q.limit, q.after, q.status));
  }

  @Get(':endpoint_id/deliveries/:delivery_id')
  @endpointParam
  @deliveryParam
  @Operation({
    id: 'getDelivery',
    summary: 'Get one delivery with its attempts',
    ...READ,
    response: DeliveryResponse,
    errors: ['resource_not_found'],
  })
  delivery(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string, @Param('delivery_id') deliveryId: string) {
    return this.queries.execute(new GetDeliveryQuery(caller.workspaceId, endpointId, deliveryId));
  }

  @Post(':endpoint_id/deliveries/:delivery_id/resend')
  @endpointParam
  @deliveryParam
  @Operation({
    id: 'resendDelivery',
    summary: 'Re-queue one delivery now; the ladder restarts, webhook-id unchanged',
    ...REQUEUE,
    response: DeliveryResponse,
    errors: ['resource_not_found'],
  })
  resend(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string, @Param('delivery_id') deliveryId: string) {
    return this.commands.execute(new ResendDeliveryCommand(caller.workspaceId, endpointId, deliveryId));
  }

  @Post(':endpoint_id/replay')
  @endpointParam
  @Operation({
    id: 'replayDeliveries',
    summary: 'Re-queue every FAILED delivery created since an instant (last 30 days)',
    ...REQUEUE,
    body: ReplayBody,
    response: ReplayResponse,
    errors: ['resource_not_found'],
  })
  replay(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string, @Input('body') b: ReplayBody) {
    return this.commands.execute(new ReplayDeliveriesCommand(caller.workspaceId, endpointId, parseInstant(b.since)!));
  }
}
