import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { Endpoint } from '../../../domain/endpoint.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery } from '../../ports/dispatch.ports.js';
import {
  EndpointRepository,
  MessageStore,
  WebhookTransport,
  type PreparedTarget,
  type TransportOutcome,
} from '../../ports/webhook.ports.js';
import { DeliveryRecorder } from './delivery-recorder.js';
import { DispatchDueDeliveriesCommand, type DispatchResult } from './dispatch-due-deliveries.command.js';
import { InFlightDeliveries } from './in-flight-deliveries.js';

/** A claimed batch with its endpoints and envelopes; when nothing was due, when something next is. */
interface Batch {
  claimed: ClaimedDelivery[];
  endpoints: Map<string, Endpoint>;
  bodies: Map<string, string>;
  nextDue: Date | null;
}

/** What a batch needs to send: also each endpoint's checked target, ready to sign with its secrets. */
interface Prepared extends Batch {
  targets: Map<string, PreparedTarget | Error>;
}

/**
 * Sends due deliveries. A batch is claimed in one short transaction (`BatchTransactions`): the claim locks the
 * due rows (`FOR UPDATE SKIP LOCKED`) and writes a lease (WEBHOOK_LEASE_SECONDS, longer than the 10 s attempt
 * time-out), then one statement reads the batch's endpoints and one its envelopes. Each endpoint's signing
 * secrets are then decrypted, and its URL resolved and checked by the SSRF guard, once per batch; every delivery
 * is sent concurrently, outside any transaction. Each outcome goes to the DeliveryRecorder as soon as it
 * arrives, which records outcomes in groups (one transaction for as many as arrived meanwhile); the append
 * expects the version that was claimed, so a delivery that moved meanwhile (a resend, or another dispatcher
 * after our lease ran out) keeps its state.
 *
 * The batch's deliveries count as in flight (InFlightDeliveries) until each is recorded or given up on; an
 * endpoint with MAX_IN_FLIGHT_PER_ENDPOINT in flight is left out of the claims until some of them are recorded.
 * A dispatcher that dies mid-batch leaves leases that expire; the rows are claimed again and sent again:
 * delivery is at-least-once, and receivers de-duplicate on webhook-id.
 */
@CommandHandler(DispatchDueDeliveriesCommand)
@OwnTransactions('claims in one transaction, sends outside any, records in group commits')
export class DispatchDueDeliveriesHandler implements ICommandHandler<DispatchDueDeliveriesCommand, DispatchResult> {
  private readonly logger = new Logger('WebhookDispatcher');

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly transactions: BatchTransactions,
    private readonly endpoints: EndpointRepository,
    private readonly messages: MessageStore,
    private readonly recorder: DeliveryRecorder,
    private readonly transport: WebhookTransport,
    private readonly inFlight: InFlightDeliveries,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: DispatchDueDeliveriesCommand): Promise<DispatchResult> {
    const batch = await this.claim(cmd.limit);
    const { claimed } = batch;
    if (claimed.length === 0) return { claimed: 0, nextDue: batch.nextDue };
    const done = this.inFlight.track(claimed, (release) =>
      this.runBatch(batch, release).catch((err: unknown) =>
        this.logger.error({ err, deliveries: claimed.length }, 'Webhook batch failed; its leases run out and it is sent again'),
      ),
    );
    if (cmd.awaitOutcomes) await done;
    return { claimed: claimed.length, nextDue: null };
  }

  /**
   * Claims a batch and reads what it needs from the database, in one short transaction: the claim (then the
   * lease), the batch's endpoints (one query) and its envelopes (one query); or, when nothing is due, when the
   * next unleased delivery falls due.
   */
  private claim(limit: number): Promise<Batch> {
    return this.transactions.run(async () => {
      const saturated = this.inFlight.saturated();
      const claimed = await this.queue.claimDue({
        now: this.clock.now(),
        limit,
        leaseSeconds: this.config.webhookLeaseSeconds,
        excludeEndpoints: saturated,
      });
      if (claimed.length === 0) {
        // (A saturated endpoint's due deliveries are claimed again when one of its outcomes is recorded.)
        return { claimed, endpoints: new Map(), bodies: new Map(), nextDue: await this.queue.nextDue(saturated) };
      }
      const endpoints = await this.endpoints.getMany(claimed.map((c) => c.endpointId));
      const sending = claimed.filter((c) => endpoints.get(c.endpointId)?.isActive());
      return { claimed, endpoints, bodies: await this.messages.bodies(sending.map((c) => c.eventId)), nextDue: null };
    });
  }

  private async runBatch(batch: Batch, release: (c: ClaimedDelivery) => void): Promise<void> {
    const prepared = { ...batch, targets: await this.targets(batch.endpoints) };
    await Promise.all(batch.claimed.map((c) => this.deliver(c, prepared).finally(() => release(c))));
  }

  /**
   * For each active endpoint of a batch, once: its signing secrets (decrypted) and its URL resolved and checked
   * by the SSRF guard. An endpoint that cannot be prepared fails only its own deliveries.
   */
  private async targets(endpoints: Map<string, Endpoint>): Promise<Map<string, PreparedTarget | Error>> {
    const now = this.clock.now();
    const active = [...endpoints.values()].filter((e) => e.isActive());
    return new Map(
      await Promise.all(
        active.map(async (e): Promise<[string, PreparedTarget | Error]> => {
          try {
            return [e.id, await this.transport.prepare(e.url, await this.endpoints.signingSecrets(e, now))];
          } catch (err) {
            return [e.id, err instanceof Error ? err : new Error(String(err))];
          }
        }),
      ),
    );
  }

  private async deliver(c: ClaimedDelivery, p: Prepared): Promise<void> {
    try {
      const endpoint = p.endpoints.get(c.endpointId);
      if (!endpoint) return; // deleted: its deliveries went with it
      const claim = { deliveryId: c.deliveryId, endpointId: c.endpointId, claimedVersion: c.version };
      if (!endpoint.isActive()) {
        await this.recorder.record({ ...claim, command: { type: 'HoldForDisabledEndpoint', now: this.clock.now() } });
        return;
      }
      const target = p.targets.get(endpoint.id);
      if (!target) throw new Error(`endpoint ${endpoint.id} was not prepared`);
      if (target instanceof Error) throw target;
      const body = p.bodies.get(c.eventId);
      if (body === undefined) throw new Error(`envelope ${c.eventId} is missing`);
      const outcome = await target.send({ id: c.eventId, body }, this.clock.now());
      await this.recorder.record({
        ...claim,
        command: { type: 'RecordAttempt', outcome: outcomeOf(outcome), now: this.clock.now(), jitter: Math.random() * 2 - 1 },
      });
    } catch (err) {
      // The lease runs out and the delivery is claimed again.
      this.logger.error({ err, delivery_id: c.deliveryId }, 'Delivery attempt could not be made');
    }
  }
}

function outcomeOf(o: TransportOutcome): { statusCode: number | null; error: string | null; durationMs: number } {
  return { statusCode: o.statusCode, error: o.error, durationMs: o.durationMs };
}
