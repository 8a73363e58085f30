import type { Attributes, Span } from '@opentelemetry/api';
import { contextOf, inSpan, SpanKind, tracingOn } from '../../platform/observability/tracing.js';
import type { SendOutcome } from './webhook-sender.js';

/**
 * One webhook attempt's span (docs/adr/0054), a child of the envelope's stored trace context (the relay's span for
 * the outbox row), so the first attempt and every retry land in the trace of the change that caused the event. It
 * is hand-written, not undici's instrumentation: that one would also put a `traceparent` header on the request, and
 * the receivers are third parties who have no use for our trace ids. Nothing is sent to them.
 */
export function attemptSpan<T>(
  url: URL,
  message: { id: string; traceparent?: string | null },
  send: (span?: Span) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return send();
  return inSpan(
    'webhook attempt',
    {
      kind: SpanKind.CLIENT,
      ...(message.traceparent ? { parent: contextOf(message.traceparent) } : {}),
      attributes: {
        'http.request.method': 'POST',
        'server.address': url.hostname,
        'server.port': Number(url.port || 443),
        'webhook.event_id': message.id,
      },
    },
    send,
  );
}

export function outcomeAttributes(outcome: SendOutcome): Attributes {
  return {
    ...(outcome.statusCode !== null ? { 'http.response.status_code': outcome.statusCode } : {}),
    'webhook.delivered': outcome.delivered,
    ...(outcome.error ? { 'error.type': outcome.timedOut ? 'timeout' : outcome.error.slice(0, 100) } : {}),
  };
}
