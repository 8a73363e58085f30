import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { Keyring } from '../platform/config/keyring.js';
import { SecretCipher } from '../platform/crypto/secret-cipher.js';
import { OutboxRelay } from '../platform/outbox/outbox-relay.js';
import { PersonalData } from '../platform/erasure/personal-data.js';
import { Janitor } from '../platform/workers/janitor.js';
import { DeliveryRecorder } from './application/delivery/delivery-recorder.js';
import { DeliveryDispatch } from './application/delivery/dispatch.js';
import { FirstAttempts } from './application/delivery/first-attempts.js';
import { InFlightDeliveries } from './application/delivery/in-flight-deliveries.js';
import { DeliveryLog } from './application/delivery/delivery-log.js';
import { WebhookFanOut } from './application/fan-out.js';
import { WebhookPayloadRedaction } from './application/payload-redaction.js';
import {
  BatchTransactions,
  DeliveryQueue,
  DeliveryStore,
  EndpointRepository,
  OwnerNotifier,
  WebhookTransport,
} from './application/ports/webhook.ports.js';
import { EnvelopeStore } from './application/ports/envelope.ports.js';
import { HttpWebhookTransport } from './infrastructure/http-webhook.transport.js';
import { SqlBatchTransactions, SqlDeliveryQueue } from './infrastructure/sql-delivery.queue.js';
import { SqlDeliveryStore } from './infrastructure/sql-delivery.store.js';
import { SqlEnvelopeStore } from './infrastructure/sql-envelope.store.js';
import { RecordingOwnerNotifier, SqlEndpointRepository } from './infrastructure/sql-endpoint.repository.js';
import { SsrfGuard, SystemDnsResolver } from './infrastructure/ssrf-guard.js';
import { WebhookRetention } from './infrastructure/webhook-retention.js';
import { WebhookSender } from './infrastructure/webhook-sender.js';
import { WebhookDispatcher } from './interface/workers/webhook-dispatcher.js';

const exported = [
  DeliveryLog,
  InFlightDeliveries,
  DeliveryRecorder,
  WebhookDispatcher,
  SecretCipher,
  SsrfGuard,
  WebhookSender,
  WebhookTransport,
  EndpointRepository,
  DeliveryStore,
  EnvelopeStore,
  OwnerNotifier,
  DeliveryQueue,
  BatchTransactions,
];

/**
 * The delivery machinery of webhooks: the outbox fan-out and its first attempts, the event-sourced delivery log,
 * the dispatcher and its recorder, the retention, and the ports they use. The worker process loads this module
 * without the HTTP side (src/worker.module.ts, docs/adr/0040); WebhooksModule adds the endpoints' operations on top.
 */
@Module({
  providers: [
    DeliveryDispatch,
    InFlightDeliveries,
    WebhookRetention,
    DeliveryLog,
    DeliveryRecorder,
    FirstAttempts,
    WebhookFanOut,
    WebhookPayloadRedaction,
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
    { provide: EnvelopeStore, useClass: SqlEnvelopeStore },
    { provide: OwnerNotifier, useClass: RecordingOwnerNotifier },
    { provide: DeliveryQueue, useClass: SqlDeliveryQueue },
    { provide: BatchTransactions, useClass: SqlBatchTransactions },
  ],
  exports: exported,
})
export class WebhookDeliveryModule implements OnModuleInit {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly fanOut: WebhookFanOut,
    private readonly janitor: Janitor,
    private readonly retention: WebhookRetention,
    private readonly personalData: PersonalData,
    private readonly payloads: WebhookPayloadRedaction,
  ) {}

  onModuleInit(): void {
    this.relay.subscribe(this.fanOut);
    this.janitor.add(this.retention);
    // An erasure (docs/adr/0044) rewrites the webhook payloads that carry the subject.
    this.personalData.register(this.payloads);
  }
}
