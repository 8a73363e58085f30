/** A JSON Schema in the OpenAPI 3.1 dialect (`$ref` to `#/components/schemas/...` allowed). */
export type JsonSchema = Record<string, unknown>;

/**
 * The contract of one event the service publishes (docs/adr/0041): its public `type`, what the webhook envelope's
 * `data` holds (a JSON Schema and an example), and the named component schemas that schema refers to. Each context
 * that publishes keeps its contracts and the mappers from its domain events in its `application/integration-events.ts`;
 * the outbox rows, the webhook payloads, the OpenAPI `webhooks` section and the SDK's event types come from there.
 */
export interface IntegrationEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  /** one line for the OpenAPI `webhooks` entry */
  readonly summary: string;
  readonly schema: JsonSchema;
  readonly example: Data;
  /** component schemas `schema` refers to that no API operation defines */
  readonly components?: Readonly<Record<string, JsonSchema>>;
}

/** An integration event on its way out: `type` is the public event type, `data` its envelope's `data`. */
export interface OutboxMessage<Data = unknown> {
  type: string;
  workspaceId: string;
  data: Data;
  occurredAt: Date;
}

/** The outbox message of `event`: one of its contract's occurrences (keeps the type and the data's shape together). */
export const outboxMessage = <Type extends string, Data>(
  event: IntegrationEvent<Type, Data>,
  workspaceId: string,
  data: Data,
  occurredAt: Date,
): OutboxMessage<Data> => ({ type: event.type, workspaceId, data, occurredAt });
