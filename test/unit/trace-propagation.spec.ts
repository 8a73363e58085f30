import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { context, ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { commandSpan, currentTraceparent, inSpan, markTracingOn, tracingOn } from '../../src/platform/observability/tracing.js';
import type { OutboxEvent } from '../../src/platform/outbox/outbox.js';
import { publishTraced } from '../../src/platform/outbox/outbox-tracing.js';
import { attemptSpan } from '../../src/webhooks/infrastructure/http-webhook.transport.js';

/**
 * The service's own spans and the trace context they carry across the outbox (docs/adr/0054), with the SDK and an
 * in-memory exporter in this process: request → command → (traceparent stored with the outbox row) → relay →
 * (traceparent stored with the envelope) → first attempt and a later retry. No instrumentation: the spans of http,
 * pg and Fastify are checked on the compiled process (test/processes/platform/traces.test.ts).
 */
describe('trace propagation across the outbox', () => {
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor({ exporter });
  let sdk: NodeSDK;
  const event = (traceparent: string | null): OutboxEvent => ({
    seq: 1,
    eventId: 'whmsg_1',
    workspaceId: 'ws_1',
    type: 'page.published',
    data: {},
    createdAt: new Date(0),
    traceparent,
  });

  it('off: the helpers only run the work, and no traceparent is stored', async () => {
    expect(tracingOn()).toBe(false);
    expect(await inSpan('request', {}, async (span) => [span, currentTraceparent()])).toEqual([undefined, null]);
    let handed: OutboxEvent[] = [];
    await publishTraced([event(null)], async (rows) => void (handed = rows));
    expect(handed).toEqual([event(null)]);
  });

  describe('on', () => {
    beforeAll(() => {
      sdk = new NodeSDK({ spanProcessors: [processor], instrumentations: [] });
      sdk.start();
      markTracingOn();
    });
    afterAll(() => sdk.shutdown());

    it('follows one change from the request to every attempt, parent by parent', async () => {
      // The request and its command; the outbox row stores the command's traceparent.
      const stored = await inSpan('POST /v1/pages/:page_id/publish', { kind: SpanKind.SERVER }, () =>
        commandSpan('PublishPageHandler', async () => currentTraceparent()),
      );
      expect(stored).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      // The relay, later and elsewhere (no active span): the envelope keeps the publish span's context.
      let envelope: string | null | undefined;
      await context.with(ROOT_CONTEXT, () =>
        publishTraced([event(stored)], async ([row]) => {
          envelope = row!.traceparent;
          await attemptSpan(new URL('https://receiver.example/hook'), { id: row!.eventId, traceparent: envelope }, async () => 503);
        }),
      );
      // A retry by the dispatcher, from the stored envelope.
      await context.with(ROOT_CONTEXT, () =>
        attemptSpan(new URL('https://receiver.example/hook'), { id: 'whmsg_1', traceparent: envelope }, async () => 204),
      );

      await processor.forceFlush(); // exports are asynchronous
      const spans = exporter.getFinishedSpans();
      const named = (name: string) => spans.find((s) => s.name === name)!;
      const parentOf = (s: ReadableSpan) => spans.find((p) => p.spanContext().spanId === s.parentSpanContext?.spanId);
      const request = named('POST /v1/pages/:page_id/publish');
      const command = named('command PublishPage');
      const relayed = named('outbox publish page.published');
      const batch = named('outbox relay batch');
      const attempts = spans.filter((s) => s.name === 'webhook attempt');
      expect(request.parentSpanContext).toBeUndefined();
      expect(parentOf(command)).toBe(request);
      expect(parentOf(relayed)).toBe(command);
      expect(attempts).toHaveLength(2);
      for (const a of attempts) expect(parentOf(a)).toBe(relayed);
      expect(attempts.every((a) => a.kind === SpanKind.CLIENT && a.attributes['server.address'] === 'receiver.example')).toBe(true);
      const traceId = request.spanContext().traceId;
      expect(new Set([command, relayed, ...attempts].map((s) => s.spanContext().traceId))).toEqual(new Set([traceId]));
      // The batch: a trace of its own, linked to the change it carried.
      expect(batch.spanContext().traceId).not.toBe(traceId);
      expect(batch.links.map((l) => l.context.spanId)).toEqual([command.spanContext().spanId]);
    });
  });
});
