import { z } from 'zod';
import { integrationEvent } from '../../platform/outbox/integration-event.js';

/**
 * The event the webhooks context itself sends (docs/adr/0041): the signed test, on endpoint creation, on a URL change
 * and by the test operation. It never goes through the outbox, is never stored and ignores the subscriptions.
 */

const EndpointTestData = z.object({ message: z.string() });
export type EndpointTestData = z.infer<typeof EndpointTestData>;

export const ENDPOINT_TEST = integrationEvent({
  type: 'endpoint.test',
  summary: 'Sent on endpoint creation, on a URL change and by the test operation (never subscribed, never stored)',
  data: EndpointTestData,
  example: { message: 'This is a test event. If you can read this, your endpoint receives signed webhooks.' },
});

/** The data every test send carries. */
export const endpointTestData = (): EndpointTestData => ({ ...ENDPOINT_TEST.example });
