import { Injectable } from '@nestjs/common';
import type { OutboxSubscriber } from '../../platform/outbox/outbox-relay.js';
import type { PublishedEvent } from '../../platform/outbox/outbox.js';
import { Clock } from '../../platform/time/clock.js';
import { IdGenerator } from '../../platform/time/ids.js';
import type { CreateDelivery } from '../domain/delivery.js';
import { isWebhookEventType, type Endpoint } from '../domain/endpoint.js';
import { FirstAttempts } from './commands/dispatch-due-deliveries/first-attempts.js';
import { DeliveryLog } from './delivery-log.js';
import { EndpointRepository, MessageStore } from './ports/webhook.ports.js';
import { envelopeBody } from './webhook.views.js';

/**
 * The outbox relay's webhook subscriber: each event becomes one envelope and one delivery stream per
 * subscribed endpoint, in the transaction that marks the outbox row done (so an event is fanned out
 * exactly once, or not at all and retried). A disabled endpoint gets a FAILED delivery with no attempt,
 * which a replay after re-enabling recovers: nothing is dropped.
 *
 * A batch of rows costs three statements whatever its size: the endpoints of the batch's workspaces, the
 * envelopes, and the delivery streams (projections and first events together). Inside the relay's transaction
 * (`committed` given), the first attempts of the batch's fair share are sent before the streams are written, so
 * a delivery answered at once is written once, with its outcome (FirstAttempts, docs/adr/0035).
 */
@Injectable()
export class WebhookFanOut implements OutboxSubscriber {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly messages: MessageStore,
    private readonly log: DeliveryLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly firstAttempts: FirstAttempts,
  ) {}

  async handle(rows: PublishedEvent[], committed?: Promise<boolean>): Promise<void> {
    const events = rows.filter((row) => isWebhookEventType(row.type));
    if (events.length === 0) return;
    const byWorkspace = new Map<string, Endpoint[]>();
    for (const endpoint of await this.endpoints.inWorkspaces(events.map((row) => row.workspaceId))) {
      const list = byWorkspace.get(endpoint.workspaceId) ?? [];
      list.push(endpoint);
      byWorkspace.set(endpoint.workspaceId, list);
    }
    const now = this.clock.now();
    const envelopes = new Map<string, PublishedEvent>();
    const seen = new Set<string>();
    const creates: CreateDelivery[] = [];
    for (const row of events) {
      const subscribed = (byWorkspace.get(row.workspaceId) ?? []).filter((e) => e.subscribesTo(row.type));
      if (subscribed.length === 0) continue;
      envelopes.set(row.eventId, row);
      for (const endpoint of subscribed) {
        const pair = `${endpoint.id} ${row.eventId}`;
        if (seen.has(pair)) continue; // the same event twice in one batch: one delivery (the unique key would skip it anyway)
        seen.add(pair);
        creates.push({
          type: 'CreateDelivery',
          deliveryId: this.ids.next('dlv'),
          endpointId: endpoint.id,
          workspaceId: row.workspaceId,
          eventId: row.eventId,
          eventType: row.type,
          now,
          endpointActive: endpoint.isActive(),
        });
      }
    }
    if (creates.length === 0) return;
    const messages = [...envelopes.values()].map((row) => ({
      eventId: row.eventId,
      workspaceId: row.workspaceId,
      type: row.type,
      body: envelopeBody(row.eventId, row.type, row.createdAt, row.data),
      createdAt: row.createdAt,
    }));
    await this.messages.saveMany(messages);
    if (!committed) {
      await this.log.createMany(creates);
      return;
    }
    const endpoints = new Map([...byWorkspace.values()].flat().map((e) => [e.id, e]));
    const bodies = new Map(messages.map((m) => [m.eventId, m.body]));
    await this.firstAttempts.createAndSend({ creates, endpoints, bodies, committed });
  }
}
