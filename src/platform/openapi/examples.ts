import type { IntegrationEvent } from '../outbox/integration-event.js';

/**
 * Examples a context contributes to the OpenAPI document, keyed by the component schema they illustrate, then by a
 * short name. Every request body and every response whose schema has examples shows them (`components.examples`,
 * referenced from each media type), and the linters check each one against its schema.
 */
export type SchemaExamples = Record<string, Record<string, { summary: string; value: unknown }>>;

/** Parameter examples by parameter name, shared by every operation that takes the parameter. */
export const PARAMETER_EXAMPLES: Record<string, unknown> = {
  page_id: 'pg_gad3X3liacH55CKkRPX3MpaV',
  block_id: 'blk_pMNIyoKjTFw7iicFhLWr0nop',
  endpoint_id: 'we_SE9eYNVxZlMhmwUS8FmKEmKd',
  delivery_id: 'dlv_jPRjjWUeFykiHPYtXnxiB0E1',
  event_id: 'whmsg_LVTj7sEWgmrttSBVutOaNxI0',
  contact_id: 'ctc_cLp43rqhFcXg17oX6uXoOplP',
  domain_id: 'dom_8kQ2xVb1LmNp4RtY7cWz3HdF',
  expected_updated_at: '2026-11-24T04:24:59.411Z',
  limit: 25,
  after: 'eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ',
  range_days: 30,
  status: 'FAILED',
  created_after: '2026-11-23T00:00:00Z',
  created_before: '2026-11-24T00:00:00Z',
  'Idempotency-Key': '8e03978e-40d5-43e8-bc93-6894a57f9324',
  'Last-Event-ID': 'whmsg_LVTj7sEWgmrttSBVutOaNxI0',
};

/**
 * What a context adds to the generated document: component schemas, property schemas to replace, examples, and the
 * webhooks it sends (each event's contract, from the integration-events files: docs/adr/0041).
 */
export interface OpenApiContribution {
  schemas?: Record<string, Record<string, unknown>>;
  webhooks?: readonly IntegrationEvent[];
  /** `Schema.property` → the schema that replaces the generated one (its description is kept) */
  properties?: Record<string, Record<string, unknown>>;
  examples?: SchemaExamples;
}
