import { GracefulStop } from './platform/process/graceful-stop.js';
import { startTracingIfWanted } from './platform/observability/tracing-entry.js';

/**
 * Workers-only entry (`npm run worker`): outbox relay, dispatcher and janitors, no HTTP. Run as many as you like.
 * Like the API's entry, it takes the stop signals before it loads the application (graceful-stop.ts).
 */
const stop = new GracefulStop().install();
stop.run(async () => {
  await startTracingIfWanted(stop);
  await (await import('./worker-process.js')).startWorkers(stop);
});
