import { Injectable } from '@nestjs/common';
import type { PersonalDataErasure, PersonalDataHolder } from '../../platform/erasure/personal-data.js';
import { DeliveryLog } from './delivery-log.js';
import { DeliveryStore, MessageStore } from './ports/webhook.ports.js';

/**
 * The webhooks' part of an erasure (docs/adr/0044). The personal data a webhook carried lives in its envelope (the
 * exact body every attempt signs and sends), never in the delivery log, which records ids, statuses, status codes and
 * errors. So the envelopes that carry the subject are rewritten with the placeholder (a resend or a replay then sends
 * it, signed anew), and each of their deliveries gets a `PayloadRedacted` event appended to its stream: the
 * append-only log is not rewritten, and it still says truly that later attempts sent other bytes than the first.
 *
 * An attempt in flight when this commits sent the bytes it had read; its outcome is then recorded against a stream
 * that moved, which keeps the newer state (ADR 0035): the delivery is sent again, redacted (at-least-once).
 */
@Injectable()
export class WebhookPayloadRedaction implements PersonalDataHolder {
  readonly name = 'webhook_messages';

  constructor(
    private readonly messages: MessageStore,
    private readonly deliveries: DeliveryStore,
    private readonly log: DeliveryLog,
  ) {}

  async erase(erasure: PersonalDataErasure): Promise<number> {
    const rewritten = new Map<string, string>();
    for (const { eventId, body } of await this.messages.carrying(erasure.workspaceId, erasure.since, erasure.needles)) {
      const redacted = erasure.redact(JSON.parse(body));
      if (redacted !== undefined) rewritten.set(eventId, JSON.stringify(redacted));
    }
    await this.messages.rewrite(erasure.workspaceId, rewritten);
    // In id order, the order every writer of several streams locks them in.
    for (const deliveryId of await this.deliveries.ofEvents(erasure.workspaceId, [...rewritten.keys()])) {
      await this.log.apply({ workspaceId: erasure.workspaceId, id: deliveryId }, { type: 'RedactPayload', now: erasure.now });
    }
    return rewritten.size;
  }
}
