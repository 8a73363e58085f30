import { z } from 'zod';

/**
 * The contract of one event the service publishes (docs/adr/0041): its public `type`, and what the webhook envelope's
 * `data` holds, defined once as a zod schema with its example beside it. The TypeScript type is inferred from the
 * schema and the OpenAPI document's JSON Schema is generated from it (platform/openapi/event-schemas.ts). Each
 * context that publishes keeps its contracts and the mappers from its domain events in its
 * `application/integration-events.ts`.
 */
export interface IntegrationEvent<Type extends string = string, Data extends z.ZodType = z.ZodType> {
  readonly type: Type;
  /** one line for the OpenAPI `webhooks` entry */
  readonly summary: string;
  readonly data: Data;
  readonly example: z.infer<Data>;
}

/** An event's contract, with its example checked against its data's type. */
export const integrationEvent = <Type extends string, Data extends z.ZodType>(
  event: IntegrationEvent<Type, Data>,
): IntegrationEvent<Type, Data> => event;

/**
 * The parts of payloads that the OpenAPI document names as component schemas (`$ref`), by `id`. `api: true` marks one
 * an API operation already defines: the payload refers to it and does not define it a second time.
 */
export const EVENT_COMPONENTS = z.registry<{ id: string; api?: true }>();

/** An integration event on its way out: `type` is the public event type, `data` its envelope's `data`. */
export interface NewOutboxEvent<Data = unknown> {
  type: string;
  workspaceId: string;
  data: Data;
  occurredAt: Date;
}

/** The outbox message of `event`: one of its contract's occurrences (keeps the type and the data's shape together). */
export const newOutboxEvent = <Type extends string, Data extends z.ZodType>(
  event: IntegrationEvent<Type, Data>,
  workspaceId: string,
  data: z.infer<Data>,
  occurredAt: Date,
): NewOutboxEvent<z.infer<Data>> => ({ type: event.type, workspaceId, data, occurredAt });
