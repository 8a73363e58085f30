import type { StoredEvent } from '../ports/envelope.ports.js';

/** An event as `GET /v1/events` returns it: the envelope a webhook delivery sends, field for field (docs/adr/0065). */
export type EventView = Record<string, unknown>;

/** The stored envelope's bytes, parsed: the same fields and values every delivery of the event signs and sends. */
export function eventView(event: StoredEvent): EventView {
  return JSON.parse(event.body) as EventView;
}
