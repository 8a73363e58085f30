import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { Endpoint } from '../../../domain/endpoint.js';
import { shareClaim } from '../../../domain/fair-share.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery } from '../../ports/dispatch.ports.js';
import { EndpointRepository, MessageStore, WebhookTransport, type Envelope, type PreparedTarget } from '../../ports/webhook.ports.js';
import { DeliveryRecorder } from './delivery-recorder.js';
import { DispatchDueDeliveriesCommand, type DispatchResult } from './dispatch-due-deliveries.command.js';
import { InFlightDeliveries } from './in-flight-deliveries.js';
import { prepareTargets, recordAttempt } from './targets.js';

/** A claimed batch with its endpoints and envelopes; when nothing was claimed, when something next falls due. */
interface Batch {
  claimed: ClaimedDelivery[];
  endpoints: Map<string, Endpoint>;
  bodies: Map<string, Envelope>;
  nextDue: Date | null;
  /** due work was left for later because an endpoint, a workspace or the process was at its bound */
  held: boolean;
}

/** Frees a delivery's attempt slot (its answer came) and, once recorded, its place in the process. */
interface Slots {
  attempted: (c: ClaimedDelivery) => void;
  release: (c: ClaimedDelivery) => void;
}

/** What a batch needs to send: also each endpoint's checked target, ready to sign with its secrets. */
interface Prepared extends Batch {
  targets: Map<string, PreparedTarget | Error>;
  /** the batch's one attempt deadline (WEBHOOK_ATTEMPT_TIMEOUT_MS from the send) */
  deadline: AbortSignal;
}

/**
 * Sends due deliveries, sharing the process's capacity fairly (docs/adr/0035). A claim runs in one short
 * transaction (`BatchTransactions`): one statement finds the endpoints with due work (a loose index scan, one
 * step per endpoint), the pure `shareClaim` deals the free capacity out round-robin across workspaces, then
 * their endpoints, within the in-flight bounds (an endpoint in the slow lane gets a small cap), and one statement
 * leases each endpoint's share (`FOR UPDATE SKIP LOCKED`, a lease of WEBHOOK_LEASE_SECONDS) and returns each
 * delivery's state at its version. Then one statement reads the batch's endpoints and one its envelopes.
 *
 * Each endpoint's signing secrets are then decrypted, and its URL resolved and checked by the SSRF guard, once
 * per batch; every delivery is sent concurrently, outside any transaction, under one deadline for the batch.
 * Each outcome goes to the DeliveryRecorder as soon as it arrives, which decides it from the claimed state and
 * records outcomes in groups; the append expects the claimed version, so a delivery that moved meanwhile (a
 * resend, or another dispatcher after our lease ran out) keeps its state.
 *
 * A dispatcher that dies mid-batch leaves leases that expire; the rows are claimed again and sent again:
 * delivery is at-least-once, and receivers de-duplicate on webhook-id.
 */
@CommandHandler(DispatchDueDeliveriesCommand)
@OwnTransactions('claims in one transaction, sends outside any, records in group commits')
export class DispatchDueDeliveriesHandler implements ICommandHandler<DispatchDueDeliveriesCommand, DispatchResult> {
  private readonly logger = new Logger('WebhookDispatcher');
  private turn = 0;

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
        bodies: await this.messages.bodies(sending.map((c) => ({ workspaceId: c.workspaceId, id: c.eventId }))),
        nextDue: null,
        held,
      };
    });
  }

  private async runBatch(batch: Batch, slots: Slots): Promise<void> {
    const deadline = AbortSignal.timeout(this.config.webhookDispatch.attemptTimeoutMs);
    const active = [...batch.endpoints.values()].filter((e) => e.isActive());
    const prepared = { ...batch, targets: await prepareTargets(this.transport, this.endpoints, active, this.clock.now()), deadline };
    await Promise.all(batch.claimed.map((c) => this.deliver(c, prepared, slots).finally(() => slots.release(c))));
  }

  private async deliver(c: ClaimedDelivery, p: Prepared, slots: Slots): Promise<void> {
    try {
      const endpoint = p.endpoints.get(c.endpointId);
      if (!endpoint) return; // deleted: its deliveries went with it
      const claim = {
        deliveryId: c.deliveryId,
        workspaceId: c.workspaceId,
        endpointId: c.endpointId,
        claimedVersion: c.version,
        claimed: c.state,
      };
      if (!endpoint.isActive()) {
        await this.recorder.record({ ...claim, command: { type: 'HoldForDisabledEndpoint', now: this.clock.now() } });
        return;
      }
      const target = p.targets.get(endpoint.id);
      if (!target) throw new Error(`endpoint ${endpoint.id} was not prepared`);
      if (target instanceof Error) throw target;
      const envelope = p.bodies.get(c.eventId);
      if (envelope === undefined) throw new Error(`envelope ${c.eventId} is missing`);
      const message = { id: c.eventId, body: envelope.body, traceparent: envelope.traceparent };
      const outcome = await target.send(message, this.clock.now(), p.deadline);
      this.inFlight.slowLane.record(c.endpointId, outcome.timedOut === true);
      slots.attempted(c); // the endpoint's slot is free while the outcome is recorded
      await this.recorder.record({
        ...claim,
        command: recordAttempt(outcome, this.clock.now()),
      });
    } catch (err) {
      // The lease runs out and the delivery is claimed again.
      this.logger.error({ err, delivery_id: c.deliveryId }, 'Delivery attempt could not be made');
    }
  }
}
