import { Injectable } from '@nestjs/common';
import type { PersonalDataErasure, PersonalDataHolder } from '../../platform/erasure/personal-data.js';
import { DeliveryLog } from './delivery/delivery-log.js';
import { DeliveryStore } from './ports/webhook.ports.js';
import { EnvelopeStore } from './ports/envelope.ports.js';

/** Envelopes an erasure reads (and locks) per statement. */
export const ERASURE_BATCH = 500;

/**
 * The webhooks' part of an erasure (docs/adr/0044). The personal data a webhook carried lives in its envelope (the
 * exact body every attempt signs and sends), never in the delivery log, which records ids, statuses, status codes and
 * errors that hold no word of the receiver's answer (docs/adr/0058). So the envelopes that carry the subject,
 * whatever their age, are rewritten with the placeholder (a resend or a replay then sends it, signed anew), and each
 * of their deliveries gets a `PayloadRedacted` event appended to its stream: the append-only log is not rewritten,
 * and it still says truly that later attempts sent other bytes than the first.
 *
 * An attempt in flight when this commits sent the bytes it had read; its outcome is then recorded against a stream
 * that moved, which keeps the newer state (ADR 0093): the delivery is sent again, redacted (at-least-once).
 */
@Injectable()
export class WebhookPayloadRedaction implements PersonalDataHolder {
  readonly name = 'webhook_messages';

  constructor(
    private readonly envelopes: EnvelopeStore,
    private readonly deliveries: DeliveryStore,
    private readonly log: DeliveryLog,
  ) {}

  async erase(erasure: PersonalDataErasure): Promise<number> {
    // In batches: at most ERASURE_BATCH bodies in memory at once, however many envelopes the workspace keeps.
    const events: string[] = [];
    for (let after: string | null = null; ;) {
      const batch = await this.envelopes.carrying(erasure.workspaceId, erasure.since, erasure.needles, after, ERASURE_BATCH);
      const rewritten = new Map<string, string>();
      for (const { eventId, body } of batch) {
        const redacted = erasure.redact(JSON.parse(body));
        if (redacted !== undefined) rewritten.set(eventId, JSON.stringify(redacted));
      }
      await this.envelopes.rewrite(erasure.workspaceId, rewritten);
      events.push(...rewritten.keys());
      if (batch.length < ERASURE_BATCH) break;
      after = batch.at(-1)!.eventId;
    }
    // Once every envelope is rewritten, in id order, the order every writer of several streams locks them in.
    for (const deliveryId of await this.deliveries.ofEvents(erasure.workspaceId, events)) {
      await this.log.apply({ workspaceId: erasure.workspaceId, id: deliveryId }, { type: 'RedactPayload', now: erasure.now });
    }
    return events.length;
  }
}
