import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { Keyring } from '../platform/config/keyring.js';
import { OutboxRelay } from '../platform/outbox/outbox-relay.js';
import { Janitor } from '../platform/workers/janitor.js';
import { CreateEndpointHandler } from './application/commands/create-endpoint/create-endpoint.handler.js';
import { DeleteEndpointHandler } from './application/commands/delete-endpoint/delete-endpoint.handler.js';
import { DeliveryRecorder } from './application/commands/dispatch-due-deliveries/delivery-recorder.js';
import { FirstAttempts } from './application/commands/dispatch-due-deliveries/first-attempts.js';
import { DispatchDueDeliveriesHandler } from './application/commands/dispatch-due-deliveries/dispatch-due-deliveries.handler.js';
import { InFlightDeliveries } from './application/commands/dispatch-due-deliveries/in-flight-deliveries.js';
import { ReencryptSecretsHandler } from './application/commands/reencrypt-secrets/reencrypt-secrets.handler.js';
import { ReplayDeliveriesHandler } from './application/commands/replay-deliveries/replay-deliveries.handler.js';
import { ResendDeliveryHandler } from './application/commands/resend-delivery/resend-delivery.handler.js';
import { RotateSecretHandler } from './application/commands/rotate-secret/rotate-secret.handler.js';
import { SendTestEventHandler } from './application/commands/send-test-event/send-test-event.handler.js';
import { UpdateEndpointHandler } from './application/commands/update-endpoint/update-endpoint.handler.js';
import { DeliveryLog } from './application/delivery-log.js';
import { WebhookFanOut } from './application/fan-out.js';
import { BatchTransactions, DeliveryQueue } from './application/ports/dispatch.ports.js';
import { SecretResealer } from './application/ports/secret-resealer.port.js';
import { SigningSecrets } from './application/ports/signing-secrets.port.js';
import { DeliveryStore, EndpointRepository, MessageStore, OwnerNotifier, WebhookTransport } from './application/ports/webhook.ports.js';
import { GetDeliveryHandler } from './application/queries/get-delivery/get-delivery.handler.js';
import { GetEndpointHandler } from './application/queries/get-endpoint/get-endpoint.handler.js';
import { ListDeliveriesHandler } from './application/queries/list-deliveries/list-deliveries.handler.js';
import { ListEndpointsHandler } from './application/queries/list-endpoints/list-endpoints.handler.js';
import { ListOwnerNotificationsHandler } from './application/queries/list-owner-notifications/list-owner-notifications.handler.js';
import { HttpWebhookTransport } from './infrastructure/http-webhook.transport.js';
import { RecordingOwnerNotifier } from './infrastructure/recording-owner.notifier.js';
import { SecretCipher } from '../platform/crypto/secret-cipher.js';
import { SqlSecretResealer } from './infrastructure/sql-secret.resealer.js';
import { SqlBatchTransactions, SqlDeliveryQueue } from './infrastructure/sql-delivery.queue.js';
import { SqlDeliveryStore, SqlMessageStore } from './infrastructure/sql-delivery.store.js';
import { SqlEndpointRepository } from './infrastructure/sql-endpoint.repository.js';
import { SsrfGuard, SystemDnsResolver } from './infrastructure/ssrf-guard.js';
import { WebhookRetention } from './infrastructure/webhook-retention.js';
import { WebhookSender } from './infrastructure/webhook-sender.js';
import { RandomSigningSecrets } from './infrastructure/webhook-signing.js';
import { WebhooksController } from './interface/http/webhooks.controller.js';
import { WebhookDispatcher } from './interface/workers/webhook-dispatcher.js';

/** Webhooks: endpoints, the outbox fan-out, the event-sourced delivery log and the dispatcher. */
@Module({
  controllers: [WebhooksController],
  providers: [
    CreateEndpointHandler,
    UpdateEndpointHandler,
    DeleteEndpointHandler,
    RotateSecretHandler,
    SendTestEventHandler,
    ListEndpointsHandler,
    GetEndpointHandler,
    ListDeliveriesHandler,
    GetDeliveryHandler,
    ListOwnerNotificationsHandler,
    ResendDeliveryHandler,
    ReplayDeliveriesHandler,
    ReencryptSecretsHandler,
    DispatchDueDeliveriesHandler,
    InFlightDeliveries,
    WebhookRetention,
    DeliveryLog,
    DeliveryRecorder,
    FirstAttempts,
    WebhookFanOut,
    WebhookDispatcher,
    { provide: SecretCipher, inject: [Keyring], useFactory: (k: Keyring) => new SecretCipher(k.deriveAll('webhook-secrets')) },
    {
      provide: SsrfGuard,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new SsrfGuard(new SystemDnsResolver(), c.webhookAllowedTargets),
    },
    {
      provide: WebhookSender,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) =>
        new WebhookSender({
          userAgent: 'BioPage-Webhooks/1.0',
          timeoutMs: c.webhookDispatch.attemptTimeoutMs,
          connections: c.webhookDispatch.endpointMaxInFlight,
        }),
    },
    { provide: WebhookTransport, useClass: HttpWebhookTransport },
    { provide: EndpointRepository, useClass: SqlEndpointRepository },
    { provide: DeliveryStore, useClass: SqlDeliveryStore },
    { provide: MessageStore, useClass: SqlMessageStore },
    { provide: OwnerNotifier, useClass: RecordingOwnerNotifier },
    { provide: SigningSecrets, useClass: RandomSigningSecrets },
    { provide: SecretResealer, useClass: SqlSecretResealer },
    { provide: DeliveryQueue, useClass: SqlDeliveryQueue },
    { provide: BatchTransactions, useClass: SqlBatchTransactions },
  ],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly fanOut: WebhookFanOut,
    private readonly janitor: Janitor,
    private readonly retention: WebhookRetention,
  ) {}

  onModuleInit(): void {
    this.relay.subscribe(this.fanOut);
    this.janitor.add(this.retention);
  }
}
