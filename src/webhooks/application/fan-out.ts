import { Injectable } from '@nestjs/common';
import type { OutboxSubscriber } from '../../platform/outbox/outbox-relay.js';
import type { OutboxEvent } from '../../platform/outbox/outbox.js';
import { Clock } from '../../platform/time/clock.js';
import { IdGenerator } from '../../platform/time/ids.js';
import type { CreateDelivery } from '../domain/delivery/model.js';
import type { Endpoint } from '../domain/endpoint.js';
import { FirstAttempts, type SentBatch } from './delivery/first-attempts.js';
import { EndpointRepository, type Envelope } from './ports/webhook.ports.js';
import { EnvelopeStore, type NewEnvelope } from './ports/envelope.ports.js';
import { envelopeBody } from './webhook.views.js';
import { isSubscribable } from './webhook-events.js';

/**
 * The outbox relay's webhook subscriber: each subscribable event becomes one envelope (whether or not an endpoint
 * subscribes to it: the envelopes are the events `GET /v1/events` lists, docs/adr/0065) and one delivery stream per
 * subscribed endpoint, in the transaction that marks the outbox row done (so an event is fanned out
 * exactly once, or not at all and retried). A disabled endpoint gets a FAILED delivery with no attempt,
 * which a replay after re-enabling recovers: nothing is dropped.
 *
 * A batch of rows costs four statements whatever its size: the endpoints of the batch's workspaces, the
 * envelopes, the events channel's notifications (one per workspace, EVENTS_CHANNEL), and the delivery streams
 * (projections and first events together). Before the relay's transaction
 * (`prepare`, holding none), the first attempts of the batch's fair share are sent, so a delivery answered at
 * once is written once, with its outcome (FirstAttempts, docs/adr/0093).
 */
interface Planned {
  creates: CreateDelivery[];
  envelopes: (NewEnvelope & { traceparent: string | null })[];
  endpoints: Map<string, Endpoint>;
  bodies: Map<string, Envelope>;
}

/** A batch planned and its first attempts sent (none when it creates no delivery), to be written in the relay's transaction. */
interface FannedOut extends Planned {
  sent?: SentBatch;
}

@Injectable()
export class WebhookFanOut implements OutboxSubscriber<FannedOut | undefined> {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly envelopes: EnvelopeStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly firstAttempts: FirstAttempts,
  ) {}

  /**
   * Outside any transaction, once the relay leased the rows: reads the endpoints, decides the deliveries and
   * their envelopes, and sends the first attempts of the batch's fair share (FirstAttempts.send).
   */
  async prepare(rows: OutboxEvent[], committed: Promise<boolean>): Promise<FannedOut | undefined> {
    const planned = await this.plan(rows);
    if (!planned) return undefined;
    if (planned.creates.length === 0) return planned;
    return { ...planned, sent: await this.firstAttempts.send({ ...planned, committed }) };
  }

  /**
   * In the relay's transaction: the envelopes, then every delivery (those answered already with their outcome). The
   * envelopes are built from `rows` as the relay read them under their locks, not as they were planned: an erasure
   * that redacted a row since (docs/adr/0044) leaves its redacted payload stored (a first attempt already sent
   * carried the old one, and `contact.deleted` follows it).
   */
  async handle(rows: OutboxEvent[], prepared?: FannedOut): Promise<void> {
    const planned = prepared ?? (await this.plan(rows));
    if (!planned) return;
    const current = new Map(rows.map((row) => [row.eventId, row]));
    await this.envelopes.saveMany(
      planned.envelopes.map((m) => {
        const row = current.get(m.eventId);
        return row ? { ...m, body: envelopeBody(row.eventId, row.type, row.createdAt, row.data) } : m;
      }),
    );
    if (planned.creates.length > 0) await this.firstAttempts.write(prepared?.sent ?? this.firstAttempts.unsent(planned));
  }

  /** The envelopes of a batch (one per subscribable event) and its deliveries (one per subscribed endpoint and event). */
  private async plan(rows: OutboxEvent[]): Promise<Planned | undefined> {
    const events = rows.filter((row) => isSubscribable(row.type));
    if (events.length === 0) return undefined;
    const byWorkspace = new Map<string, Endpoint[]>();
    for (const endpoint of await this.endpoints.inWorkspaces(events.map((row) => row.workspaceId))) {
      const list = byWorkspace.get(endpoint.workspaceId) ?? [];
      list.push(endpoint);
      byWorkspace.set(endpoint.workspaceId, list);
    }
    const now = this.clock.now();
    const byEventId = new Map<string, OutboxEvent>();
    const seen = new Set<string>();
    const creates: CreateDelivery[] = [];
    for (const row of events) {
      byEventId.set(row.eventId, row);
      const subscribed = (byWorkspace.get(row.workspaceId) ?? []).filter((e) => e.subscribesTo(row.type));
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
    const envelopes = [...byEventId.values()].map((row) => ({
      eventId: row.eventId,
      workspaceId: row.workspaceId,
      type: row.type,
      body: envelopeBody(row.eventId, row.type, row.createdAt, row.data),
      createdAt: row.createdAt,
      traceparent: row.traceparent ?? null,
    }));
    const endpoints = new Map([...byWorkspace.values()].flat().map((e) => [e.id, e]));
    const bodies = new Map(envelopes.map((m) => [m.eventId, { body: m.body, traceparent: m.traceparent }]));
    return { creates, envelopes, endpoints, bodies };
  }
}
