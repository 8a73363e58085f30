import { Controller, Delete, Get, Param, Patch, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { CreateEndpointCommand } from '../../application/commands/create-endpoint/create-endpoint.command.js';
import { DeleteEndpointCommand } from '../../application/commands/delete-endpoint/delete-endpoint.command.js';
import { RotateSecretCommand } from '../../application/commands/rotate-secret/rotate-secret.command.js';
import { SendTestEventCommand } from '../../application/commands/send-test-event/send-test-event.command.js';
import { UpdateEndpointCommand } from '../../application/commands/update-endpoint/update-endpoint.command.js';
import { GetEndpointQuery } from '../../application/queries/get-endpoint/get-endpoint.query.js';
import { ListEndpointsQuery } from '../../application/queries/list-endpoints/list-endpoints.query.js';
import {
  CreateEndpointBody,
  EndpointListResponse,
  EndpointResponse,
  EndpointWithSecretResponse,
  RotatedSecretResponse,
  RotateSecretBody,
  TestSendResponse,
  UpdateEndpointBody,
} from './dto/webhook.dto.js';
import { EndpointBodyRules } from './endpoint-body-rules.js';

export const endpointParam = ApiParam({ name: 'endpoint_id', type: String });

@ApiTags('Webhooks')
@Controller('v1/webhook-endpoints')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Operation({
    id: 'listWebhookEndpoints',
    summary: 'List the webhook endpoints (at most 10, oldest first)',
    scope: 'webhooks:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    response: EndpointListResponse,
  })
  list(@Caller() caller: RequestPrincipal) {
    return this.queries.execute(new ListEndpointsQuery(caller.workspaceId));
  }

  @Post()
  @Operation({
    id: 'createWebhookEndpoint',
    summary: 'Create an endpoint: SSRF screen, then a signed endpoint.test that must get a 2xx',
    guide:
      'The service first sends a signed `endpoint.test` to the URL, which must answer 2xx in time (else 422 ' +
      'endpoint_verification_failed). The response holds the signing secret, shown only this once: store it. A ' +
      'receiver that refuses unsigned requests can be configured first with a secret you choose, sent as `secret`.',
    openWorld: true,
    scope: 'webhooks:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 201,
    body: CreateEndpointBody,
    bodyRules: EndpointBodyRules,
    response: EndpointWithSecretResponse,
    errors: ['endpoint_limit_reached', 'endpoint_verification_failed'],
  })
  async create(@Caller() caller: RequestPrincipal, @Input('body') b: CreateEndpointBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const created = await this.commands.execute(new CreateEndpointCommand(caller.workspaceId, b.url, b.event_types, b.secret));
    reply.header('location', `/v1/webhook-endpoints/${created.endpoint.id}`);
    return created;
  }

  @Get(':endpoint_id')
  @endpointParam
  @Operation({
    id: 'getWebhookEndpoint',
    summary: 'Get an endpoint',
    scope: 'webhooks:read',
    write: false,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    response: EndpointResponse,
    errors: ['resource_not_found'],
  })
  get(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string) {
    return this.queries.execute(new GetEndpointQuery(caller.workspaceId, endpointId));
  }

  @Patch(':endpoint_id')
  @endpointParam
  @Operation({
    id: 'updateWebhookEndpoint',
    summary: 'Change the URL (re-verified), the event types, or enable/disable',
    guide: 'A new URL is verified like at creation (a signed `endpoint.test` it must answer 2xx).',
    openWorld: true,
    scope: 'webhooks:write',
    write: true,
    quotaCost: 0,
    idempotent: false,
    status: 200,
    body: UpdateEndpointBody,
    bodyRules: EndpointBodyRules,
    response: EndpointResponse,
    errors: ['resource_not_found', 'endpoint_verification_failed'],
  })
  update(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string, @Input('body') b: UpdateEndpointBody) {
    return this.commands.execute(
      new UpdateEndpointCommand(caller.workspaceId, endpointId, { url: b.url, eventTypes: b.event_types, enabled: b.enabled }),
    );
  }

  @Delete(':endpoint_id')
  @endpointParam
  @Operation({
    id: 'deleteWebhookEndpoint',
    summary: 'Delete an endpoint and its delivery history (irreversible)',
    destructive: true,
    scope: 'webhooks:write',
    write: true,
    quotaCost: 0,
    idempotent: false,
    status: 204,
    errors: ['resource_not_found'],
  })
  async remove(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string): Promise<void> {
    await this.commands.execute(new DeleteEndpointCommand(caller.workspaceId, endpointId));
  }

  @Post(':endpoint_id/rotate-secret')
  @endpointParam
  @Operation({
    id: 'rotateWebhookSecret',
    summary: 'Issue a new signing secret; the old one signs too for 24 hours',
    guide:
      'The response holds the new secret, shown only this once; the old one keeps signing too for 24 hours. The body ' +
      'may be left out; `secret` in it sets the new secret instead of a generated one.',
    scope: 'webhooks:write',
    write: true,
    quotaCost: 1,
    idempotent: true,
    status: 200,
    body: RotateSecretBody,
    bodyRules: EndpointBodyRules,
    bodyRequired: false,
    response: RotatedSecretResponse,
    errors: ['resource_not_found'],
  })
  rotate(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string, @Input('body') b: RotateSecretBody) {
    return this.commands.execute(new RotateSecretCommand(caller.workspaceId, endpointId, b.secret));
  }

  @Post(':endpoint_id/test')
  @endpointParam
  @Operation({
    id: 'sendWebhookTest',
    summary: 'Send a signed endpoint.test now and report the outcome (not logged)',
    openWorld: true,
    scope: 'webhooks:write',
    write: true,
    quotaCost: 1,
    idempotent: true,
    status: 200,
    response: TestSendResponse,
    errors: ['resource_not_found'],
  })
  test(@Caller() caller: RequestPrincipal, @Param('endpoint_id') endpointId: string) {
    return this.commands.execute(new SendTestEventCommand(caller.workspaceId, endpointId));
  }
}
