import { Injectable } from '@nestjs/common';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { contextOf, inSpan, SpanKind, tracingOn } from '../../platform/observability/tracing.js';
import { ValidationError } from '../../platform/domain/domain-error.js';
import { WebhookTransport, type PreparedTarget, type TransportOutcome } from '../application/ports/webhook.ports.js';
import { SsrfGuard, UnsafeTargetError } from './ssrf-guard.js';
import { WebhookSender } from './webhook-sender.js';
import { signatureHeaders, signingKeys } from './webhook-signature.js';

/** The guard, the Standard Webhooks signature and the pinned HTTPS sender, put together. */
@Injectable()
export class HttpWebhookTransport extends WebhookTransport {
  constructor(
    private readonly guard: SsrfGuard,
    private readonly sender: WebhookSender,
  ) {
    super();
  }

  async screen(url: string): Promise<void> {
    try {
      await this.guard.resolveTarget(url);
    } catch (err) {
      if (err instanceof UnsafeTargetError) throw ValidationError.field('/url', err.message);
      throw err;
    }
  }

  async prepare(url: string, secrets: string[]): Promise<PreparedTarget> {
    const started = performance.now();
    try {
      const target = await this.guard.resolveTarget(url);
      const keys = signingKeys(secrets);
      return {
        send: (message, now, deadline) =>
          attemptSpan(target.url, message, async (span) => {
            const headers = signatureHeaders(keys, message.id, Math.floor(now.getTime() / 1000), message.body);
            const outcome = await this.sender.send(target, headers, message.body, deadline);
            recordOutcome(span, outcome);
            return { ...outcome, refused: false };
          }),
      };
    } catch (err) {
      if (!(err instanceof UnsafeTargetError)) throw err;
      const refusal = {
        delivered: false,
        statusCode: null,
        error: `refused: ${err.message}`,
        durationMs: Math.round(performance.now() - started),
        refused: true,
      };
      const refused = (span?: Span) => {
        recordOutcome(span, refusal);
        return Promise.resolve({ ...refusal });
      };
      return { send: (message) => attemptSpan(url, message, refused) };
    }
  }

  async send(
    url: string,
    secrets: string[],
    message: { id: string; body: string },
    now: Date,
  ): Promise<TransportOutcome & { refused: boolean }> {
    return (await this.prepare(url, secrets)).send(message, now);
  }
}

/**
 * One webhook attempt's span (docs/adr/0054), a child of the envelope's stored trace context (the relay's span for
 * the outbox row), so the first attempt and every retry land in the trace of the change that caused the event. It
 * is hand-written, not undici's instrumentation: that one would also put a `traceparent` header on the request, and
 * the receivers are third parties who have no use for our trace ids. Nothing is sent to them.
 */
export function attemptSpan<T>(
  url: string | URL,
  message: { id: string; traceparent?: string | null },
  send: (span?: Span) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return send();
  const parsed = url instanceof URL ? url : URL.parse(url);
  return inSpan(
    'webhook attempt',
    {
      kind: SpanKind.CLIENT,
      ...(message.traceparent ? { parent: contextOf(message.traceparent) } : {}),
      attributes: {
        'http.request.method': 'POST',
        ...(parsed ? { 'server.address': parsed.hostname, 'server.port': Number(parsed.port || 443) } : {}),
        'webhook.event_id': message.id,
      },
    },
    send,
  );
}

/** Records an attempt's outcome on its span: the status code, and an error status when it was not delivered. */
export function recordOutcome(
  span: Span | undefined,
  outcome: { delivered: boolean; statusCode: number | null; error: string | null; timedOut?: boolean; refused?: boolean },
): void {
  if (!span) return;
  if (outcome.statusCode !== null) span.setAttribute('http.response.status_code', outcome.statusCode);
  span.setAttribute('webhook.delivered', outcome.delivered);
  if (outcome.delivered) return;
  const type = outcome.refused
    ? 'refused'
    : outcome.timedOut
      ? 'timeout'
      : outcome.statusCode !== null
        ? String(outcome.statusCode)
        : 'network';
  span.setAttribute('error.type', type);
  // Not the attempt's error text: it may hold the receiver's answer, which can echo the payload (docs/adr/0063).
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}
