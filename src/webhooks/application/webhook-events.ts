import { AUDIENCE_INTEGRATION_EVENTS } from '../../audience/index.js';
import { COMMERCE_INTEGRATION_EVENTS } from '../../commerce/index.js';
import { CUSTOM_DOMAINS_INTEGRATION_EVENTS } from '../../custom-domains/index.js';
import { PAGES_INTEGRATION_EVENTS } from '../../pages/index.js';
import type { IntegrationEvent } from '../../platform/outbox/integration-event.js';
import { ENDPOINT_TEST } from './integration-events.js';

/**
 * What the service sends as webhooks (docs/adr/0041): the events the other contexts publish, which endpoints
 * subscribe to, then the signed test. Each is spelled once, in its context's `application/integration-events.ts`.
 */
const PUBLISHED: readonly IntegrationEvent[] = [
  ...AUDIENCE_INTEGRATION_EVENTS,
  ...PAGES_INTEGRATION_EVENTS,
  ...COMMERCE_INTEGRATION_EVENTS,
  ...CUSTOM_DOMAINS_INTEGRATION_EVENTS,
];

/** The event types an endpoint can subscribe to, in the order the API lists them. */
export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = PUBLISHED.map((e) => e.type);

/** Every webhook the service sends, in the order the OpenAPI `webhooks` section lists them. */
export const WEBHOOK_EVENTS: readonly IntegrationEvent[] = [...PUBLISHED, ENDPOINT_TEST];

const SUBSCRIBABLE = new Set(SUBSCRIBABLE_EVENT_TYPES);

/** Whether an outbox event is one that endpoints subscribe to (the outbox may carry others). */
export const isSubscribable = (type: string): boolean => SUBSCRIBABLE.has(type);
