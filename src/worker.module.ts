import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsRetentionModule } from './analytics/analytics-retention.module.js';
import { CustomDomainCheckingModule } from './custom-domains/index.js';
import { FileStorageModule } from './files/file-storage.module.js';
import { PageSchedulingModule } from './pages/page-scheduling.module.js';
import type { AppRuntime } from './platform/config/config.module.js';
import type { AppConfig } from './platform/config/config.js';
import { PlatformModule } from './platform/platform.module.js';
import { WebhookDeliveryModule } from './webhooks/webhook-delivery.module.js';

/**
 * The worker process's module graph (`npm run worker`): the platform and what the background loops run (the outbox
 * relay and the webhook fan-out, the dispatcher, the publish scheduler, the custom-domain checker, the janitor and its
 * tasks, the staged-uploads sweep of the file store among them), and nothing of the HTTP side: no controllers, request pipeline, OpenAPI
 * document, validation or site renderer, which the worker would only load and keep in memory (docs/adr/0040).
 * `npm start` runs the same loops inside AppModule, whose context modules import these ones.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, runtime: AppRuntime): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(config, runtime),
        CqrsModule.forRoot(),
        WebhookDeliveryModule,
        PageSchedulingModule,
        AnalyticsRetentionModule,
        FileStorageModule,
        CustomDomainCheckingModule,
      ],
    };
  }
}
