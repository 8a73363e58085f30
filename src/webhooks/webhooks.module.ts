import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { Keyring } from '../platform/config/keyring.js';
import { OutboxRelay } from '../platform/outbox/outbox-relay.js';
import { Janitor } from '../platform/workers/janitor.js';
import { ReplayDeliveriesHandler, ResendDeliveryHandler } from './application/delivery-commands.js';
import { DeliveryLog } from './application/delivery-log.js';
import { DeliveryRecorder } from './application/delivery-recorder.js';
import { WebhookDispatcher } from './application/dispatcher.js';
import { CreateEndpointHandler, DeleteEndpointHandler, RotateSecretHandler, SendTestEventHandler, UpdateEndpointHandler } from './application/endpoint-commands.js';
import { WebhookFanOut } from './application/fan-out.js';
import { DeliveryStore, EndpointRepository, MessageStore, OwnerNotifier, WebhookTransport } from './application/ports/webhook.ports.js';
import { GetDeliveryHandler, GetEndpointHandler, ListDeliveriesHandler, ListEndpointsHandler, ListOwnerNotificationsHandler } from './application/webhook-queries.js';
import { HttpWebhookTransport } from './infrastructure/http-webhook.transport.js';
import { RecordingOwnerNotifier } from './infrastructure/recording-owner.notifier.js';
import { ReencryptSecretsHandler } from './infrastructure/reencrypt-secrets.js';
import { SecretCipher } from './infrastructure/secret-cipher.js';
import { SqlDeliveryStore, SqlMessageStore } from './infrastructure/sql-delivery.store.js';
import { SqlEndpointRepository } from './infrastructure/sql-endpoint.repository.js';
import { SsrfGuard, SystemDnsResolver } from './infrastructure/ssrf-guard.js';
import { WebhookRetention } from './infrastructure/webhook-retention.js';
import { WebhookSender } from './infrastructure/webhook-sender.js';
import { WebhooksController } from './interface/http/webhooks.controller.js';

/** Webhooks: endpoints, the outbox fan-out, the event-sourced delivery log and the dispatcher. */
@Module({
  imports: [AccessModule],
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
    WebhookRetention,
    DeliveryLog,
    DeliveryRecorder,
    WebhookFanOut,
    WebhookDispatcher,
    { provide: SecretCipher, inject: [Keyring], useFactory: (k: Keyring) => new SecretCipher(k.deriveAll('webhook-secrets')) },
    { provide: SsrfGuard, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new SsrfGuard(new SystemDnsResolver(), c.webhookAllowedTargets) },
    { provide: WebhookSender, useFactory: () => new WebhookSender({ userAgent: 'BioPage-Webhooks/1.0' }) },
    { provide: WebhookTransport, useClass: HttpWebhookTransport },
    { provide: EndpointRepository, useClass: SqlEndpointRepository },
    { provide: DeliveryStore, useClass: SqlDeliveryStore },
    { provide: MessageStore, useClass: SqlMessageStore },
    { provide: OwnerNotifier, useClass: RecordingOwnerNotifier },
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
