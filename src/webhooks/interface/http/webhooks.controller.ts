import { Controller, Delete, Get, Patch, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../../../access/interface/http/operation.js';
import { ListEnvelope } from '../../../platform/http/dto/list.dto.js';
import { parseInstant } from '../../../platform/http/dto/instant.js';
import { ReplayDeliveriesCommand, ResendDeliveryCommand } from '../../application/delivery-commands.js';
import { CreateEndpointCommand, DeleteEndpointCommand, RotateSecretCommand, SendTestEventCommand, UpdateEndpointCommand } from '../../application/endpoint-commands.js';
import { GetDeliveryQuery, GetEndpointQuery, ListDeliveriesQuery, ListEndpointsQuery } from '../../application/webhook-queries.js';
import {
  CreateEndpointBody,
  DeliveryListQuery,
  DeliveryResponse,
  EndpointListResponse,
  EndpointResponse,
  EndpointWithSecretResponse,
  ReplayBody,
  ReplayResponse,
  RotatedSecretResponse,
  TestSendResponse,
  UpdateEndpointBody,
} from './dto/webhook.dto.js';

export const DeliveryList = ListEnvelope(DeliveryResponse, 'DeliveryList');

const endpointParam = ApiParam({ name: 'endpoint_id', type: String });
const deliveryParam = ApiParam({ name: 'delivery_id', type: String });

type EndpointParams = { endpoint_id: string };
type DeliveryParams = { endpoint_id: string; delivery_id: string };

@ApiTags('Webhooks')
@Controller('v1/webhook-endpoints')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private ws(req: FastifyRequest): string {
    return req.principal!.workspace.id;
  }

  @Get()
  @Operation({ id: 'listWebhookEndpoints', summary: 'List the webhook endpoints (at most 10, oldest first)', scope: 'webhooks:read', write: false, quotaCost: 0, idempotent: false, status: 200, response: EndpointListResponse })
  list(@Req() req: FastifyRequest) {
    return this.queries.execute(new ListEndpointsQuery(this.ws(req)));
  }

  @Post()
  @Operation({ id: 'createWebhookEndpoint', summary: 'Create an endpoint: SSRF screen, then a signed endpoint.test that must get a 2xx', scope: 'webhooks:write', write: true, quotaCost: 0, idempotent: true, status: 201, body: CreateEndpointBody, response: EndpointWithSecretResponse, errors: ['endpoint_limit_reached', 'endpoint_verification_failed'] })
  async create(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const b = req.input!.body as CreateEndpointBody;
    const created = await this.commands.execute(new CreateEndpointCommand(this.ws(req), b.url, b.event_types));
    reply.header('location', `/v1/webhook-endpoints/${created.endpoint.id}`);
    return created;
  }

  @Get(':endpoint_id')
  @endpointParam
  @Operation({ id: 'getWebhookEndpoint', summary: 'Get an endpoint', scope: 'webhooks:read', write: false, quotaCost: 0, idempotent: false, status: 200, response: EndpointResponse, errors: ['resource_not_found'] })
  get(@Req() req: FastifyRequest) {
    return this.queries.execute(new GetEndpointQuery(this.ws(req), (req.params as EndpointParams).endpoint_id));
  }

  @Patch(':endpoint_id')
  @endpointParam
  @Operation({ id: 'updateWebhookEndpoint', summary: 'Change the URL (re-verified), the event types, or enable/disable', scope: 'webhooks:write', write: true, quotaCost: 0, idempotent: false, status: 200, body: UpdateEndpointBody, response: EndpointResponse, errors: ['resource_not_found', 'endpoint_verification_failed'] })
  update(@Req() req: FastifyRequest) {
    const b = req.input!.body as UpdateEndpointBody;
    return this.commands.execute(new UpdateEndpointCommand(this.ws(req), (req.params as EndpointParams).endpoint_id, { url: b.url, eventTypes: b.event_types, enabled: b.enabled }));
  }

  @Delete(':endpoint_id')
  @endpointParam
  @Operation({ id: 'deleteWebhookEndpoint', summary: 'Delete an endpoint and its delivery history (irreversible)', scope: 'webhooks:write', write: true, quotaCost: 0, idempotent: false, status: 204, errors: ['resource_not_found'] })
  async remove(@Req() req: FastifyRequest): Promise<void> {
    await this.commands.execute(new DeleteEndpointCommand(this.ws(req), (req.params as EndpointParams).endpoint_id));
  }

  @Post(':endpoint_id/rotate-secret')
  @endpointParam
  @Operation({ id: 'rotateWebhookSecret', summary: 'Issue a new signing secret; the old one signs too for 24 hours', scope: 'webhooks:write', write: true, quotaCost: 1, idempotent: true, status: 200, response: RotatedSecretResponse, errors: ['resource_not_found'] })
  rotate(@Req() req: FastifyRequest) {
    return this.commands.execute(new RotateSecretCommand(this.ws(req), (req.params as EndpointParams).endpoint_id));
  }

  @Post(':endpoint_id/test')
  @endpointParam
  @Operation({ id: 'sendWebhookTest', summary: 'Send a signed endpoint.test now and report the outcome (not logged)', scope: 'webhooks:write', write: true, quotaCost: 1, idempotent: true, status: 200, response: TestSendResponse, errors: ['resource_not_found'] })
  test(@Req() req: FastifyRequest) {
    return this.commands.execute(new SendTestEventCommand(this.ws(req), (req.params as EndpointParams).endpoint_id));
  }

  @Get(':endpoint_id/deliveries')
  @endpointParam
  @Operation({ id: 'listDeliveries', summary: 'List deliveries, newest first', scope: 'webhooks:read', write: false, quotaCost: 0, idempotent: false, status: 200, query: DeliveryListQuery, response: DeliveryList, errors: ['resource_not_found'] })
  deliveries(@Req() req: FastifyRequest) {
    const q = req.input!.query as DeliveryListQuery;
    return this.queries.execute(new ListDeliveriesQuery(this.ws(req), (req.params as EndpointParams).endpoint_id, q.limit, q.after, q.status));
  }

  @Get(':endpoint_id/deliveries/:delivery_id')
  @endpointParam
  @deliveryParam
  @Operation({ id: 'getDelivery', summary: 'Get one delivery with its attempts', scope: 'webhooks:read', write: false, quotaCost: 0, idempotent: false, status: 200, response: DeliveryResponse, errors: ['resource_not_found'] })
  delivery(@Req() req: FastifyRequest) {
    const p = req.params as DeliveryParams;
    return this.queries.execute(new GetDeliveryQuery(this.ws(req), p.endpoint_id, p.delivery_id));
  }

  @Post(':endpoint_id/deliveries/:delivery_id/resend')
  @endpointParam
  @deliveryParam
  @Operation({ id: 'resendDelivery', summary: 'Re-queue one delivery now; the ladder restarts, webhook-id unchanged', scope: 'webhooks:write', write: true, quotaCost: 0, idempotent: true, status: 202, response: DeliveryResponse, errors: ['resource_not_found'] })
  resend(@Req() req: FastifyRequest) {
    const p = req.params as DeliveryParams;
    return this.commands.execute(new ResendDeliveryCommand(this.ws(req), p.endpoint_id, p.delivery_id));
  }

  @Post(':endpoint_id/replay')
  @endpointParam
  @Operation({ id: 'replayDeliveries', summary: 'Re-queue every FAILED delivery created since an instant (last 30 days)', scope: 'webhooks:write', write: true, quotaCost: 0, idempotent: true, status: 202, body: ReplayBody, response: ReplayResponse, errors: ['resource_not_found'] })
  replay(@Req() req: FastifyRequest) {
    const b = req.input!.body as ReplayBody;
    return this.commands.execute(new ReplayDeliveriesCommand(this.ws(req), (req.params as EndpointParams).endpoint_id, parseInstant(b.since)!));
  }
}
