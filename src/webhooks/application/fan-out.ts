import { Injectable } from '@nestjs/common';
import type { OutboxSubscriber } from '../../platform/outbox/outbox-relay.js';
import type { OutboxRow } from '../../platform/outbox/outbox.js';
import { Clock } from '../../platform/time/clock.js';
import { IdGenerator } from '../../platform/time/ids.js';
import { isWebhookEventType } from '../domain/endpoint.js';
import { DeliveryLog } from './delivery-log.js';
import { EndpointRepository, MessageStore } from './ports/webhook.ports.js';
import { envelopeBody } from './webhook.views.js';

/**
 * The outbox relay's webhook subscriber: each event becomes one envelope and one delivery stream per
 * subscribed endpoint, in the transaction that marks the outbox row done (so an event is fanned out
 * exactly once, or not at all and retried). A disabled endpoint gets a FAILED delivery with no attempt,
 * which a replay after re-enabling recovers: nothing is dropped.
 */
@Injectable()
export class WebhookFanOut implements OutboxSubscriber {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly messages: MessageStore,
    private readonly log: DeliveryLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async handle(rows: OutboxRow[]): Promise<void> {
    for (const row of rows) {
      if (!isWebhookEventType(row.type)) continue;
      const endpoints = await this.endpoints.subscribedTo(row.workspaceId, row.type);
      if (endpoints.length === 0) continue;
      await this.messages.save({ eventId: row.eventId, workspaceId: row.workspaceId, type: row.type, body: envelopeBody(row.eventId, row.type, row.createdAt, row.data), createdAt: row.createdAt });
      const now = this.clock.now();
      for (const endpoint of endpoints) {
        await this.log.create({
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
  }
}
