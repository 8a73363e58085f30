import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter as OtlpGrpc } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as OtlpJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ConsoleSpanExporter, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import { privateSpanParts } from './span-privacy.js';
import { markTracingOn } from './tracing.js';

/** Requests that are not traced: probes and scrapes, many times a minute, each a trace of its own otherwise. */
const UNTRACED = /^\/(health|ready|live|metrics)\b/;

/**
 * A span as it may leave the process (span-privacy.ts, docs/adr/0063): its name, attributes, events and status message
 * without a preview token, a query string, a raw client address, the path of a request that matched no route or a
 * database error's row values. The span itself is not changed (other processors may read it); the copy inherits
 * everything else from it.
 */
function privateSpan(span: ReadableSpan): ReadableSpan {
  const copy = Object.create(span) as { -readonly [K in keyof ReadableSpan]: ReadableSpan[K] };
  const parts = privateSpanParts(span);
  copy.name = parts.name;
  copy.attributes = parts.attributes as ReadableSpan['attributes'];
  copy.events = parts.events;
  copy.status = parts.status;
  return copy;
}

/**
 * The exporter the standard variables choose (OTEL_TRACES_EXPORTER `otlp`, the default, or `console`; the OTLP protocol
 * from OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or OTEL_EXPORTER_OTLP_PROTOCOL, `http/protobuf` by default), wrapped so that
 * every span passes through `privateSpan` on its way out: whatever an instrumentation recorded, nothing it must not
 * say is exported. sdk-node does not export its own choice of exporter, hence this one.
 */
function privateExporter(): SpanExporter {
  const kind = (process.env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',')[0].trim();
  const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const inner: SpanExporter =
    kind === 'console'
      ? new ConsoleSpanExporter()
      : protocol === 'grpc'
        ? new OtlpGrpc()
        : protocol === 'http/json'
          ? new OtlpJson()
          : new OtlpProto();
  return {
    export: (spans, done) => inner.export(spans.map(privateSpan), done),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

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
    traceExporter: privateExporter(),
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        // Outgoing: webhook attempts go through undici (their own span, http-webhook.transport.ts), not node:http.
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
