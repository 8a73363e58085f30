import { Module } from '@nestjs/common';
import { CreateEndpointHandler } from './application/commands/create-endpoint/create-endpoint.handler.js';
import { DeleteEndpointHandler } from './application/commands/delete-endpoint/delete-endpoint.handler.js';
import { ReencryptSecretsHandler } from './application/commands/reencrypt-secrets/reencrypt-secrets.handler.js';
import { ReplayDeliveriesHandler } from './application/commands/replay-deliveries/replay-deliveries.handler.js';
import { ResendDeliveryHandler } from './application/commands/resend-delivery/resend-delivery.handler.js';
import { RotateSecretHandler } from './application/commands/rotate-secret/rotate-secret.handler.js';
import { SendTestEventHandler } from './application/commands/send-test-event/send-test-event.handler.js';
import { UpdateEndpointHandler } from './application/commands/update-endpoint/update-endpoint.handler.js';
import { EventStreams } from './application/event-streams.js';
import { EventFeed, EventSignals } from './application/ports/event-stream.ports.js';
import { SecretResealer } from './application/ports/secret-resealer.port.js';
import { SigningSecrets } from './application/ports/signing-secrets.port.js';
import { GetDeliveryHandler } from './application/queries/get-delivery/get-delivery.handler.js';
import { GetEventHandler } from './application/queries/get-event/get-event.handler.js';
import { ListEventsHandler } from './application/queries/list-events/list-events.handler.js';
import { GetEndpointHandler } from './application/queries/get-endpoint/get-endpoint.handler.js';
import { ListDeliveriesHandler } from './application/queries/list-deliveries/list-deliveries.handler.js';
import { ListEndpointsHandler } from './application/queries/list-endpoints/list-endpoints.handler.js';
import { ListOwnerNotificationsHandler } from './application/queries/list-owner-notifications/list-owner-notifications.handler.js';
import { PgEventSignals } from './infrastructure/pg-event.signals.js';
import { SqlEventFeed } from './infrastructure/sql-event.feed.js';
import { SqlSecretResealer } from './infrastructure/sql-secret.resealer.js';
import { RandomSigningSecrets } from './infrastructure/webhook-signing.js';
import { DeliveriesController } from './interface/http/deliveries.controller.js';
import { EventStreamController } from './interface/http/event-stream.controller.js';
import { EventsController } from './interface/http/events.controller.js';
import { WebhooksController } from './interface/http/webhooks.controller.js';
import { EndpointBodyRules } from './interface/http/endpoint-body-rules.js';
import { WebhookDeliveryModule } from './webhook-delivery.module.js';

/**
 * Webhooks: the endpoints' operations (HTTP and CLI) on top of the delivery machinery (WebhookDeliveryModule: the
 * outbox fan-out, the event-sourced delivery log and the dispatcher), which the worker process loads alone.
 */
@Module({
  imports: [WebhookDeliveryModule],
  controllers: [WebhooksController, DeliveriesController, EventStreamController, EventsController],
  providers: [
    EndpointBodyRules,
    CreateEndpointHandler,
    UpdateEndpointHandler,
    DeleteEndpointHandler,
    RotateSecretHandler,
    SendTestEventHandler,
    ListEndpointsHandler,
    GetEndpointHandler,
    ListDeliveriesHandler,
    GetDeliveryHandler,
    ListEventsHandler,
    GetEventHandler,
    ListOwnerNotificationsHandler,
    ResendDeliveryHandler,
    ReplayDeliveriesHandler,
    ReencryptSecretsHandler,
    { provide: SigningSecrets, useClass: RandomSigningSecrets },
    { provide: SecretResealer, useClass: SqlSecretResealer },
    // The event streams (docs/adr/0067): an API process's, never the worker's (which loads WebhookDeliveryModule alone).
    EventStreams,
    { provide: EventFeed, useClass: SqlEventFeed },
    { provide: EventSignals, useClass: PgEventSignals },
  ],
})
export class WebhooksModule {}
