import { Webhook, WebhookVerificationError as SignatureError } from 'standardwebhooks';
import type { webhooks } from './generated/schema.js';

/** Every event the service may send, told apart by `type` (from the document's `webhooks` section). */
export type WebhookEvent = {
  [Type in keyof webhooks]: webhooks[Type]['post']['requestBody']['content']['application/json'];
}[keyof webhooks];

/** The event of one `type`, e.g. `WebhookEventOf<'sale.paid'>`. */
export type WebhookEventOf<Type extends WebhookEvent['type']> = Extract<WebhookEvent, { type: Type }>;

/** A delivery whose signature or timestamp does not check out: answer it 4xx and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`The ${name} header is missing.`);
  return text;
}

/**
 * Verifies a delivery (Standard Webhooks, on the `standardwebhooks` package) and returns its typed event.
 * Pass the raw body exactly as received (not re-serialized JSON) and the request's headers. During a secret
 * rotation a delivery carries a signature per secret: verifying with either secret succeeds. Deliveries are
 * at least once: de-duplicate on `event.id` (the `webhook-id` header).
 */
export function verifyWebhook(secret: string, rawBody: string | Buffer, headers: HeaderSource): WebhookEvent {
  const signed = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  try {
    return new Webhook(secret).verify(rawBody, signed) as WebhookEvent;
  } catch (error) {
    if (error instanceof SignatureError) throw new WebhookVerificationError(error.message, { cause: error });
    throw error;
  }
}
