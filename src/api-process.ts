import 'reflect-metadata';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import pino from 'pino';
import { prepare } from './bootstrap.js';
import { WorkspaceRepository } from './access/application/ports/access.repositories.js';
import { CreateApiKeyCommand, CreateWorkspaceCommand } from './access/index.js';
import { certificateCheck } from './custom-domains/index.js';
import { createHttpApp } from './http-app.js';
import { Metrics } from './platform/observability/metrics.js';
import { listenForMetrics } from './platform/observability/metrics-endpoint.js';
import type { GracefulStop } from './platform/process/graceful-stop.js';
import { drainHttp, Serving } from './platform/process/serving.js';

/** The name of the workspace the first start on the embedded PostgreSQL creates; later starts find it by it. */
const DEMO_WORKSPACE = 'Demo workspace';

/**
 * The API process's start-up (src/main.ts): database, application, first-start welcome, listening. Between its steps
 * it gives way to a stop that was asked for meanwhile; whatever it opened is closed by `stop`.
 */
export async function startApi(stop: GracefulStop): Promise<void> {
  const { config, runtime, logger, embedded } = await prepare({ ownsSignals: true });
  stop.useLogger((level, fields, message) => logger[level](fields, message));
  if (embedded) stop.onStop('embedded PostgreSQL', () => embedded.stop());
  stop.checkpoint();
  const { app } = await createHttpApp(config, runtime, logger);
  stop.onStop('application', () => app.close());
  stop.checkpoint();

  const workspaces = app.get(WorkspaceRepository);
  const firstStart = (await workspaces.count()) === 0;
  let welcome = '';
  if (firstStart && embedded) {
    const bus = app.get(CommandBus);
    const ws = await bus.execute(new CreateWorkspaceCommand(DEMO_WORKSPACE, 'pro'));
    const key = await bus.execute(new CreateApiKeyCommand(ws.id, 'live', undefined, null));
    welcome =
      `\nFirst start: created a demo workspace ${ws.id} (plan pro).\nDemo API key (shown once): ${key.key}\n` +
      `Try: curl -H "Authorization: Bearer ${key.key}" ${config.publicApiUrl}/v1/contacts\n\n`;
  } else if (embedded) {
    // Every later start says the demo workspace's id again (its key was printed once, on the first start).
    const demo = await workspaces.oldestNamed(DEMO_WORKSPACE);
    if (demo)
      welcome =
        `\nDemo workspace: ${demo.id} (its API key was printed on the first start).\n` +
        `Its keys: bin/bio-page key list --workspace ${demo.id}; another: bin/bio-page key create --workspace ${demo.id}\n\n`;
  } else if (firstStart) {
    // With DATABASE_URL nobody creates a workspace for you: say how.
    welcome =
      '\nNo workspace yet. Create one and an API key with the operator CLI:\n' +
      '  npm run -s cli -- workspace create --name "My workspace"\n' +
      '  npm run -s cli -- key create --workspace <the id printed above>\n\n';
  }
  // No checkpoint from here on: a demo key just created is printed before a stop asked for meanwhile proceeds.

  if (config.metrics.port !== undefined) {
    const metrics = await listenForMetrics(app.get(Metrics).registry, config.metrics, config.docsUrl, {
      '/tls/ask': certificateCheck(app.get(QueryBus)),
    });
    stop.onStop('metrics listener', () => metrics.close());
    logger.info({ url: metrics.url }, 'Metrics listening');
  }
  await app.listen({ host: config.host, port: config.port });
  // Stopped first (registered last): unready for the drain, then no new connections, requests in flight finished,
  // and only then the application (its buffers flushed, its pools closed). SIGINT, a terminal's Ctrl-C, skips the
  // drain: no load balancer waits on an interactive process (docs/adr/0051).
  stop.onStop('HTTP listener', async () => {
    const drainMs = stop.signal === 'SIGINT' ? 0 : config.shutdownDrainMs;
    if (drainMs > 0) logger.info({ drainMs }, 'Draining: unready, still serving');
    await drainHttp(app.getHttpServer(), app.get(Serving), { drainMs, finishMs: config.requestTimeoutMs });
  });
  logger.info({ url: config.publicApiUrl, docs: `${config.publicApiUrl}/docs`, workers: runtime.runWorkers }, 'Bio-Page API listening');
  // The last thing printed at start-up, so that the key is not lost among the log lines: written to the
  // logger's own output stream, which buffers, so that it comes after every line logged so far.
  if (welcome) (Reflect.get(logger, pino.symbols.streamSym) as { write(text: string): unknown }).write(welcome);
}
