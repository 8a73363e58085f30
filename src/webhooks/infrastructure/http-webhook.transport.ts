import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../platform/domain/domain-error.js';
import { WebhookTransport, type TransportOutcome } from '../application/ports/webhook.ports.js';
import { SsrfGuard, UnsafeTargetError } from './ssrf-guard.js';
import { WebhookSender } from './webhook-sender.js';
import { signatureHeaders } from './webhook-signing.js';

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

  async send(url: string, secrets: string[], message: { id: string; body: string }, now: Date): Promise<TransportOutcome & { refused: boolean }> {
    const started = performance.now();
    let target;
    try {
      target = await this.guard.resolveTarget(url);
    } catch (err) {
      if (!(err instanceof UnsafeTargetError)) throw err;
      return { delivered: false, statusCode: null, error: `refused: ${err.message}`, durationMs: Math.round(performance.now() - started), refused: true };
    }
    const headers = signatureHeaders(secrets, message.id, Math.floor(now.getTime() / 1000), message.body);
    return { ...(await this.sender.send(target, headers, message.body)), refused: false };
  }
}
