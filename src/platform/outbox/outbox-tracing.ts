import { ROOT_CONTEXT, type Link, type Span } from '@opentelemetry/api';
import { contextOf, endSpan, inSpan, linkTo, SpanKind, startSpan, traceparentOf, tracingOn } from '../observability/tracing.js';
import type { OutboxEvent } from './outbox.js';

/**
 * The relay's spans (docs/adr/0054). A batch gets a span of its own, in a trace of its own (a batch mixes rows of
 * many changes), linked to the span of every change it carries. Each row with a stored `traceparent` also gets an
 * `outbox publish` span whose parent is that change's span, so the change's trace goes on through the relay; the
 * row's `traceparent` handed to the subscribers becomes this span's, so webhook attempts are its children.
 */
export async function publishTraced(messages: OutboxEvent[], publish: (messages: OutboxEvent[]) => Promise<void>): Promise<void> {
  if (!tracingOn()) return publish(messages);
  const links = messages.map((m) => linkTo(m.traceparent)).filter((l): l is Link => l !== undefined);
  return inSpan('outbox relay batch', { parent: ROOT_CONTEXT, links, attributes: { 'outbox.batch.size': messages.length } }, async () => {
    const spans: (Span | undefined)[] = messages.map((m) =>
      m.traceparent
        ? startSpan(`outbox publish ${m.type}`, {
            kind: SpanKind.CONSUMER,
            parent: contextOf(m.traceparent),
            attributes: { 'outbox.seq': m.seq, 'outbox.event_id': m.eventId, 'outbox.event_type': m.type },
          })
        : undefined,
    );
    let failure: unknown;
    try {
      await publish(messages.map((m, i) => (spans[i] ? { ...m, traceparent: traceparentOf(spans[i]) } : m)));
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      for (const span of spans) endSpan(span, failure);
    }
  });
}
