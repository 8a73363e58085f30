import type { IntegrationEvent } from '../../platform/outbox/integration-event.js';

/**
 * The event the webhooks context itself sends (docs/adr/0041): the signed test, on endpoint creation, on a URL change
 * and by the test operation. It never goes through the outbox, is never stored and ignores the subscriptions.
 */

export interface EndpointTestData {
  message: string;
}

export const ENDPOINT_TEST: IntegrationEvent<'endpoint.test', EndpointTestData> = {
  type: 'endpoint.test',
  summary: 'Sent on endpoint creation, on a URL change and by the test operation (never subscribed, never stored)',
  schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  example: { message: 'This is a test event. If you can read this, your endpoint receives signed webhooks.' },
};

/** The data every test send carries. */
export const endpointTestData = (): EndpointTestData => ({ ...ENDPOINT_TEST.example });
