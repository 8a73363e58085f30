import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AccessModule } from './access/access.module.js';
import { AudienceModule } from './audience/audience.module.js';
import { CommerceModule } from './commerce/commerce.module.js';
import { CustomDomainsModule } from './custom-domains/index.js';
import { FilesModule } from './files/files.module.js';
import { PagesModule } from './pages/pages.module.js';
import type { AppRuntime } from './platform/config/config.module.js';
import type { AppConfig } from './platform/config/config.js';
import { FrontPageController } from './platform/http/front-page.controller.js';
import { OperationGuard } from './platform/http/pipeline/operation.guard.js';
import { OperationInterceptor } from './platform/http/pipeline/operation.interceptor.js';
import { ErrorDocsController } from './platform/errors/error-docs.controller.js';
import { HealthController } from './platform/observability/health.controller.js';
import { OpenApiController, OpenApiDocument } from './platform/openapi/openapi.js';
import { PlatformModule } from './platform/platform.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { SiteModule } from './site/site.module.js';

@Module({})
export class AppModule {
  /** `extra` lets tests mount fixture modules next to the real graph. */
  static forRoot(config: AppConfig, runtime: AppRuntime, extra: Type<unknown>[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, runtime),
        CqrsModule.forRoot(),
        AccessModule,
        AudienceModule,
        FilesModule,
        CommerceModule,
        PagesModule,
        WebhooksModule,
        AnalyticsModule,
        SiteModule,
        CustomDomainsModule,
        ...extra,
      ],
      controllers: [HealthController, ErrorDocsController, OpenApiController, FrontPageController],
      // The request pipeline (platform/http/pipeline) for every operation; access answers it through AccessControl.
      providers: [
        OpenApiDocument,
        { provide: APP_GUARD, useClass: OperationGuard },
        { provide: APP_INTERCEPTOR, useClass: OperationInterceptor },
      ],
    };
  }
}
