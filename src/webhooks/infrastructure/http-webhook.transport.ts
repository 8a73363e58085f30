import { Injectable } from '@nestjs/common';
import type { Span } from '@opentelemetry/api';
import { ValidationError } from '../../platform/domain/domain-error.js';
import { WebhookTransport, type PreparedTarget, type TransportOutcome } from '../application/ports/webhook.ports.js';
import { SsrfGuard, UnsafeTargetError } from './ssrf-guard.js';
import { WebhookSender } from './webhook-sender.js';
import { signatureHeaders, signingKeys } from './webhook-signing.js';
import { attemptSpan, recordOutcome } from './attempt-span.js';

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
