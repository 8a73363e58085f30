import { GracefulStop } from './platform/process/graceful-stop.js';

/**
 * Workers-only entry (`npm run worker`): outbox relay, dispatcher and janitors, no HTTP. Run as many as you like.
 * Like the API's entry, it takes the stop signals before it loads the application (graceful-stop.ts).
 */
const stop = new GracefulStop().install();
stop.run(async () => (await import('./worker-process.js')).startWorkers(stop));
