import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { Endpoint } from '../../../domain/endpoint.js';
import { shareClaim } from '../../../domain/fair-share.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery } from '../../ports/dispatch.ports.js';
import { attemptDelivery, prepareTargets, type PreparedBatch } from '../../delivery/attempt-delivery.js';
import { DeliveryRecorder } from '../../delivery/delivery-recorder.js';
import { InFlightDeliveries, type Slots } from '../../delivery/in-flight-deliveries.js';
import { EndpointRepository, EnvelopeStore, WebhookTransport, type Envelope } from '../../ports/webhook.ports.js';
import { DispatchDueDeliveriesCommand, type DispatchResult } from './dispatch-due-deliveries.command.js';

/** A claimed batch with its endpoints and envelopes; when nothing was claimed, when something next falls due. */
interface Batch {
  claimed: ClaimedDelivery[];
  endpoints: Map<string, Endpoint>;
  bodies: Map<string, Envelope>;
  nextDue: Date | null;
  /** due work was left for later because an endpoint, a workspace or the process was at its bound */
  held: boolean;
}

/**
 * Sends due deliveries, sharing the process's capacity fairly (docs/adr/0035): claims a fair share in one short
 * transaction (`shareClaim`; leases of WEBHOOK_LEASE_SECONDS), sends each with `attemptDelivery` outside any
 * transaction under one deadline, and hands each outcome to the DeliveryRecorder. A dispatcher that dies mid-batch
 * leaves leases that run out: its deliveries are sent again (at-least-once; receivers de-duplicate on webhook-id).
 */
@CommandHandler(DispatchDueDeliveriesCommand)
@OwnTransactions('claims in one transaction, sends outside any, records in group commits')
export class DispatchDueDeliveriesHandler implements ICommandHandler<DispatchDueDeliveriesCommand, DispatchResult> {
  private readonly logger = new Logger('DispatchDueDeliveries');
  private turn = 0;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly transactions: BatchTransactions,
    private readonly endpoints: EndpointRepository,
    private readonly envelopes: EnvelopeStore,
    private readonly recorder: DeliveryRecorder,
    private readonly transport: WebhookTransport,
    private readonly inFlight: InFlightDeliveries,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: DispatchDueDeliveriesCommand): Promise<DispatchResult> {
    const batch = await this.claim(cmd.limit);
    const { claimed } = batch;
    if (claimed.length === 0) return { claimed: 0, nextDue: batch.nextDue, held: batch.held };
    const done = this.inFlight.track(claimed, (slots) =>
      this.runBatch(batch, slots).catch((err: unknown) =>
        this.logger.error({ err, deliveries: claimed.length }, 'Webhook batch failed; its leases run out and it is sent again'),
      ),
    );
    if (cmd.awaitOutcomes) await done;
    return { claimed: claimed.length, nextDue: null, held: batch.held };
  }

  /**
   * Claims a fair share of the due work and reads what it needs, in one short transaction: the endpoints with
   * due work, the lease on each one's share, the batch's endpoints (one query) and its envelopes (one query).
   */
  private claim(limit: number): Promise<Batch> {
    const bounds = this.config.webhookDispatch;
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const work = await this.queue.dueWork({ now, lookAhead: bounds.endpointMaxInFlight });
      const capacity = Math.min(limit, this.inFlight.room);
      const take = shareClaim(work.due, this.inFlight, { ...bounds, capacity }, this.turn++);
      const offered = take.size === 0 ? 0 : [...take.values()].reduce((a, b) => a + b, 0);
      const held = work.due.reduce((n, d) => n + d.due, 0) > offered;
      const workspaceOf = new Map(work.due.map((d) => [d.endpointId, d.workspaceId]));
      const claimed = await this.queue.claim({ now, leaseSeconds: this.config.webhookLeaseSeconds, take, workspaceOf });
      if (claimed.length === 0) return { claimed, endpoints: new Map(), bodies: new Map(), nextDue: work.nextDue, held };
      const endpoints = await this.endpoints.getMany(claimed.map((c) => ({ workspaceId: c.workspaceId, id: c.endpointId })));
      const sending = claimed.filter((c) => endpoints.get(c.endpointId)?.isActive());
      return {
        claimed,
        endpoints,
        bodies: await this.envelopes.bodies(sending.map((c) => ({ workspaceId: c.workspaceId, id: c.eventId }))),
        nextDue: null,
        held,
      };
    });
  }

  private async runBatch(batch: Batch, slots: Slots): Promise<void> {
    const deadline = AbortSignal.timeout(this.config.webhookDispatch.attemptTimeoutMs);
    const active = [...batch.endpoints.values()].filter((e) => e.isActive());
    const targets = await prepareTargets(this.transport, this.endpoints, active, this.clock.now());
    const prepared: PreparedBatch = { targets, bodies: batch.bodies, deadline };
    await Promise.all(batch.claimed.map((c) => this.deliver(c, batch, prepared, slots).finally(() => slots.release(c))));
  }

  private async deliver(c: ClaimedDelivery, batch: Batch, prepared: PreparedBatch, slots: Slots): Promise<void> {
    try {
      const endpoint = batch.endpoints.get(c.endpointId);
      if (!endpoint) return; // deleted: its deliveries went with it
      const command = endpoint.isActive()
        ? await attemptDelivery(c, prepared, { inFlight: this.inFlight, slots, clock: this.clock })
        : { type: 'HoldForDisabledEndpoint' as const, now: this.clock.now() };
      await this.recorder.record([
        {
          deliveryId: c.deliveryId,
          workspaceId: c.workspaceId,
          endpointId: c.endpointId,
          claimedVersion: c.version,
          claimed: c.state,
          command,
        },
      ]);
    } catch (err) {
      // The lease runs out and the delivery is claimed again.
      this.logger.error({ err, delivery_id: c.deliveryId }, 'Delivery attempt could not be made');
    }
  }
}
