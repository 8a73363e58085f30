import type { GracefulStop } from '../process/graceful-stop.js';

/**
 * For the entry points, before they load the application: starts OpenTelemetry when it is configured
 * (tracing.ts `tracingWanted`), and flushes it last on stop. Off, nothing of the SDK is loaded and no module is
 * patched (docs/adr/0054).
 */
export async function startTracingIfWanted(stop: GracefulStop): Promise<void> {
  const { tracingWanted } = await import('./tracing.js');
  if (!tracingWanted(process.env)) return;
  const { startTracing } = await import('./tracing-sdk.js');
  stop.onStop('tracing', startTracing());
}
