import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { prepare } from './bootstrap.js';
import { AppModule } from './app.module.js';
import { PinoNestLogger } from './platform/observability/logger.js';
import { WorkerHost } from './platform/workers/worker-host.js';

/** Workers-only entry (`npm run worker`): outbox relay and janitors, no HTTP. Run as many as you like. */
async function main(): Promise<void> {
  const { config, runtime, logger, embedded } = await prepare({ runWorkers: true });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, runtime), { logger: new PinoNestLogger(logger) });
  await app.init();
  // After init: every CQRS handler is registered before a loop sends its first command (worker-host.ts).
  app.get(WorkerHost).start();
  logger.info('Bio-Page workers running');
  const shutdown = async () => {
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
