import { GracefulStop } from './platform/process/graceful-stop.js';
import { startTracingIfWanted } from './platform/observability/tracing-entry.js';

/**
 * HTTP entry: the API, plus the background workers unless RUN_WORKERS=false (`npm run api`). The stop signals are
 * taken before the application is even loaded, so that a SIGTERM at any moment ends in a clean exit 0
 * (graceful-stop.ts); the application is loaded after that.
 */
const stop = new GracefulStop().install();
stop.run(async () => {
  await startTracingIfWanted(stop);
  await (await import('./api-process.js')).startApi(stop);
});
