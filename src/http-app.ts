import type { Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { blockDataSchemas } from './pages/index.js';
import type { AppRuntime } from './platform/config/config.module.js';
import type { AppConfig } from './platform/config/config.js';
import { buildHttpApp, type HttpApp } from './platform/http/http-app.js';

/** The whole application over HTTP (not yet listening). `extra` lets tests mount fixture modules next to the real graph. */
export function createHttpApp(config: AppConfig, runtime: AppRuntime, logger: Logger, extra: Type<unknown>[] = []): Promise<HttpApp> {
  return buildHttpApp(AppModule.forRoot(config, runtime, extra), config, logger, blockDataSchemas());
}
