import type { Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { ANALYTICS_EXAMPLES } from './analytics/index.js';
import { AUDIENCE_EXAMPLES } from './audience/index.js';
import { CUSTOM_DOMAINS_EXAMPLES } from './custom-domains/index.js';
import { FILES_EXAMPLES } from './files/index.js';
import { pagesOpenApi } from './pages/index.js';
import { WEBHOOK_EVENTS, WEBHOOKS_EXAMPLES } from './webhooks/index.js';
import type { AppRuntime } from './platform/config/config.module.js';
import type { AppConfig } from './platform/config/config.js';
import { buildHttpApp, type HttpApp } from './platform/http/http-app.js';

/** The whole application over HTTP (not yet listening). `extra` lets tests mount fixture modules next to the real graph. */
export function createHttpApp(config: AppConfig, runtime: AppRuntime, logger: Logger, extra: Type<unknown>[] = []): Promise<HttpApp> {
  return buildHttpApp(AppModule.forRoot(config, runtime, extra), config, logger, [
    pagesOpenApi(),
    { examples: AUDIENCE_EXAMPLES },
    { examples: CUSTOM_DOMAINS_EXAMPLES },
    { examples: FILES_EXAMPLES },
    { examples: ANALYTICS_EXAMPLES },
    { examples: WEBHOOKS_EXAMPLES, webhooks: WEBHOOK_EVENTS },
  ]);
}
