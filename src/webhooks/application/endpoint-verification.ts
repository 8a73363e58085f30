import type { IdGenerator } from '../../platform/time/ids.js';
import { EndpointVerificationFailedError } from '../domain/webhook.errors.js';
import { ENDPOINT_TEST, endpointTestData } from './integration-events.js';
import type { TransportOutcome, WebhookTransport } from './ports/webhook.ports.js';
import { envelopeBody } from './webhook.views.js';

/** Sends a signed test event (never persisted, ignores the event-type filter) and returns the outcome. */
export async function sendTestEvent(
  transport: WebhookTransport,
  ids: IdGenerator,
  url: string,
  secrets: string[],
  now: Date,
): Promise<TransportOutcome> {
  const id = ids.next('whmsg');
  return transport.send(url, secrets, { id, body: envelopeBody(id, ENDPOINT_TEST.type, now, endpointTestData()) }, now);
}

/** URL rules, then the SSRF guard, then a signed test that must be answered 2xx. Nothing is stored before. */
export async function verifyUrl(transport: WebhookTransport, ids: IdGenerator, url: string, secrets: string[], now: Date): Promise<void> {
  await transport.screen(url);
  const outcome = await sendTestEvent(transport, ids, url, secrets, now);
  if (!outcome.delivered) throw new EndpointVerificationFailedError(outcome.error ?? `HTTP ${outcome.statusCode}`);
}
