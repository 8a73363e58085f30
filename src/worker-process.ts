import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { prepare } from './bootstrap.js';
import { WorkerModule } from './worker.module.js';
import { PinoNestLogger } from './platform/observability/logger.js';
import { Metrics } from './platform/observability/metrics.js';
import { listenForMetrics } from './platform/observability/metrics-endpoint.js';
import type { GracefulStop } from './platform/process/graceful-stop.js';
import { WorkerHost } from './platform/workers/worker-host.js';

/** The worker process's start-up (src/worker.ts). Between its steps it gives way to a stop asked for meanwhile. */
export async function startWorkers(stop: GracefulStop): Promise<void> {
  const { config, runtime, logger, embedded } = await prepare({ runWorkers: true, role: 'worker', ownsSignals: true });
  stop.useLogger((level, fields, message) => logger[level](fields, message));
  if (embedded) stop.onStop('embedded PostgreSQL', () => embedded.stop());
  stop.checkpoint();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, runtime), { logger: new PinoNestLogger(logger) });
  stop.onStop('application', () => app.close());
  await app.init();
  stop.checkpoint();
  // After init: every CQRS handler is registered before a loop sends its first command (worker-host.ts).
  app.get(WorkerHost).start();
  if (config.metrics.port !== undefined) {
    const metrics = await listenForMetrics(app.get(Metrics).registry, config.metrics, config.docsUrl);
    stop.onStop('metrics listener', () => metrics.close());
    logger.info({ url: metrics.url }, 'Metrics listening');
  }
  logger.info('Bio-Page workers running');
}
