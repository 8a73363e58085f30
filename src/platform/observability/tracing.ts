import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

/**
 * The service's own spans (docs/adr/0054), over the OpenTelemetry API only. The SDK is loaded, and `tracingOn` set,
 * only when tracing is configured (tracing-sdk.ts); until then every helper here is a plain call of the work it
 * wraps: no span object, no context switch, nothing read from a carrier.
 */
let on = false;

/** Called once by the SDK's start-up, before the application is loaded. */
export function markTracingOn(): void {
  on = true;
}

export function tracingOn(): boolean {
  return on;
}

const tracer = () => trace.getTracer('bio-page');

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** the parent; the active context when absent */
  parent?: Context;
  links?: Link[];
}

/** Runs `work` in a span named `name` (active for what it calls), ending it when `work` settles. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span?: Span) => Promise<T>): Promise<T> {
  if (!on) return work();
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The active context's W3C `traceparent`, to store with work that another process continues; null when off. */
export function currentTraceparent(): string | null {
  if (!on) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The remote context a stored `traceparent` names (the root context when none or malformed). */
export function contextOf(traceparent: string | null | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** A link to the span a stored `traceparent` names, if it names one. */
export function linkTo(traceparent: string | null | undefined): Link | undefined {
  const spanContext = trace.getSpanContext(contextOf(traceparent));
  return spanContext ? { context: spanContext } : undefined;
}

export { SpanKind };

/** Starts a span the caller ends (for spans that outlive one call); undefined when tracing is off. */
export function startSpan(name: string, options: SpanOptions): Span | undefined {
  if (!on) return undefined;
  const { kind = SpanKind.INTERNAL, attributes, links } = options;
  return tracer().startSpan(name, { kind, attributes, links }, options.parent ?? context.active());
}

/** The `traceparent` naming `span`, for work that continues under it elsewhere. */
export function traceparentOf(span: Span | undefined): string | null {
  if (!span) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier.traceparent ?? null;
}

/** Ends `span` with an error status when `err` is given. */
export function endSpan(span: Span | undefined, err?: unknown): void {
  if (!span) return;
  if (err !== undefined) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message ?? String(err) });
  }
  span.end();
}

/** A command handler's span, named after the handler (`command CreatePageHandler`). */
export function commandSpan<T>(handler: string, work: () => Promise<T>): Promise<T> {
  if (!on) return work();
  return inSpan(`command ${handler.replace(/Handler$/, '')}`, { attributes: { 'command.handler': handler } }, work);
}

/**
 * Whether this process traces: an OTLP endpoint is configured, or an exporter is named (OTEL_TRACES_EXPORTER other
 * than `none`). Read by the entry points before the application loads; OTEL_SDK_DISABLED=true wins.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER;
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}
