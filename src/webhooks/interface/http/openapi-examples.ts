import { CONTACT_CREATED } from '../../../audience/index.js';
import { SALE_PAID, SALE_REFUNDED } from '../../../commerce/index.js';
import { PAGE_PUBLISHED } from '../../../pages/index.js';
import type { SchemaExamples } from '../../../platform/openapi/examples.js';

const ENDPOINT = {
  id: 'we_SE9eYNVxZlMhmwUS8FmKEmKd',
  url: 'https://hooks.example.com/bio-page',
  status: 'ACTIVE',
  disabled_reason: null,
  event_types: [CONTACT_CREATED.type, PAGE_PUBLISHED.type],
  consecutive_failures: 0,
  last_success_at: '2026-11-24T04:24:59.593Z',
  last_failure_at: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-24T04:24:59.526Z',
  updated_at: '2026-11-24T04:24:59.526Z',
};
const DELIVERY = {
  id: 'dlv_jPRjjWUeFykiHPYtXnxiB0E1',
  event_id: 'whmsg_LVTj7sEWgmrttSBVutOaNxI0',
  event_type: CONTACT_CREATED.type,
  status: 'FAILED',
  attempt_count: 2,
  next_attempt_at: '2026-11-24T04:30:00.590Z',
  last_status_code: 503,
  created_at: '2026-11-24T04:24:59.572Z',
  attempts: [
    { number: 1, status_code: null, error: 'connect ECONNREFUSED', duration_ms: 12, at: '2026-11-24T04:24:59.590Z' },
    { number: 2, status_code: 503, error: 'HTTP 503 Service Unavailable', duration_ms: 41, at: '2026-11-24T04:25:04.610Z' },
  ],
};
const EVENT = {
  id: DELIVERY.event_id,
  type: CONTACT_CREATED.type,
  created_at: '2026-11-24T04:24:59.561Z',
  data: CONTACT_CREATED.example,
};
const SECRET = 'whsec_XnWAveTeyNqZFcndqXavUfqIxLpYyJAAn6AvKe/sQOE=';

/** The webhooks context's request and response examples (taken from real responses). */
export const WEBHOOKS_EXAMPLES: SchemaExamples = {
  CreateEndpointBody: {
    endpoint: {
      summary: 'Subscribe to new contacts and publishes',
      value: { url: ENDPOINT.url, event_types: ENDPOINT.event_types },
    },
  },
  UpdateEndpointBody: {
    enable: { summary: 'Re-enable (resets consecutive_failures)', value: { enabled: true } },
    events: { summary: 'Change the subscribed events', value: { event_types: [SALE_PAID.type, SALE_REFUNDED.type] } },
  },
  ReplayBody: { since: { summary: 'Re-queue the failures of the last day', value: { since: '2026-11-23T00:00:00Z' } } },
  EndpointResponse: { endpoint: { summary: 'An active endpoint', value: ENDPOINT } },
  EndpointListResponse: { endpoints: { summary: 'All endpoints (at most 10)', value: { data: [ENDPOINT] } } },
  EndpointWithSecretResponse: {
    created: { summary: 'The endpoint and its signing secret (shown once)', value: { endpoint: ENDPOINT, secret: SECRET } },
  },
  RotatedSecretResponse: {
    rotated: {
      summary: 'The new secret; the old one also signs for 24 hours',
      value: {
        endpoint: { ...ENDPOINT, previous_secret_expires_at: '2026-11-25T04:25:01.109Z' },
        secret: 'whsec_yVVizkI9purbFcPKPbvTTxNYGGhP64ojHagv+7EkDmo=',
        previous_secret_expires_at: '2026-11-25T04:25:01.109Z',
      },
    },
  },
  TestSendResponse: {
    delivered: { summary: 'The endpoint answered 2xx', value: { delivered: true, status_code: 204, error: null } },
    refused: {
      summary: 'The endpoint answered an error',
      value: { delivered: false, status_code: 500, error: 'HTTP 500 Internal Server Error' },
    },
  },
  DeliveryResponse: { delivery: { summary: 'A delivery being retried', value: DELIVERY } },
  DeliveryList: {
    deliveries: { summary: 'The newest deliveries', value: { data: [DELIVERY], has_more: false, next_cursor: null } },
  },
  EventResponse: { event: { summary: 'An event, as its webhooks send it', value: EVENT } },
  EventList: {
    events: {
      summary: 'The newest events, a page of one',
      value: { data: [EVENT], has_more: true, next_cursor: 'eyJsIjoiZXZlbnRzIn0.gqEAcPq3x0TzQy5hVmQjmIbt' },
    },
  },
  ReplayResponse: { replayed: { summary: 'Three failed deliveries re-queued', value: { replayed: 3 } } },
};
