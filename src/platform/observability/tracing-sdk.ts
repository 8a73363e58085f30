import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { markTracingOn } from './tracing.js';

/** Requests that are not traced: probes and scrapes, many times a minute, each a trace of its own otherwise. */
const UNTRACED = /^\/(health|ready|live|metrics)\b/;

/**
 * Starts OpenTelemetry (docs/adr/0054). Loaded only when tracing is configured (`tracingWanted`), by the entry
 * points, before they load the application: the instrumentations patch `node:http` and `pg` as the application first
 * loads them. Both, like Fastify, are CommonJS, which Node loads through its CommonJS loader even when an ES module
 * imports them, so the `require` hook suffices and no ESM loader hook is registered (it slowed start-up by seconds).
 * Fastify is traced by its own plugin, attached through its `fastify.initialization` diagnostics channel. The
 * exporter follows the standard OTEL_* variables (OTLP over HTTP with protobuf by default;
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json or grpc). Returns the shutdown, which flushes what is pending.
 */
export function startTracing(): () => Promise<void> {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'bio-page',
    // Traces only: the metrics stay Prometheus's (/metrics), and the logs pino's. Unset, the SDK would export both
    // over OTLP as well.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        // Outgoing: webhook attempts go through undici (their own span, attempt-span.ts), not node:http.
        ignoreOutgoingRequestHook: () => true,
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The request and its route handler; a span per hook (a dozen per request) is more noise than signal.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (o) => UNTRACED.test(o.url),
      }),
    ],
  });
  sdk.start();
  markTracingOn();
  return () => sdk.shutdown();
}
