import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { Clock } from '../../../platform/time/clock.js';
import type { CreateDelivery, DeliveryState, RecordAttempt } from '../../domain/delivery/index.js';
import type { Endpoint } from '../../domain/endpoint.js';
import { shareClaim } from '../../domain/fair-share.js';
import { decideOutcomes, endpointCounterEffect, moveEndpointCounters, type ClaimedOutcome } from '../../domain/recording.js';
import { DeliveryLog } from './delivery-log.js';
import type { ClaimedDelivery } from '../ports/dispatch.ports.js';
import { EndpointRepository, OwnerNotifier, WebhookTransport, type Envelope, type NewStream } from '../ports/webhook.ports.js';
import { attemptDelivery, prepareTargets, type PreparedBatch } from './attempt-delivery.js';
import { DeliveryRecorder } from './delivery-recorder.js';
import { InFlightDeliveries, type Slots } from './in-flight-deliveries.js';

/** The new deliveries of one fan-out and what it knows about them. */
export interface NewDeliveries {
  creates: CreateDelivery[];
  /** the endpoints the deliveries go to, by id (as the fan-out read them) */
  endpoints: ReadonlyMap<string, Endpoint>;
  /** envelopes by event id */
  bodies: ReadonlyMap<string, Envelope>;
  /** settles when the relay's transaction that writes the batch ends: true once it committed */
  committed: Promise<boolean>;
}

/** A batch whose first attempts were sent, sorted for `write`. */
export interface SentBatch {
  batch: NewDeliveries;
  answered: Direct[];
  detached: Direct[];
  now: Date;
}

interface Direct {
  claim: ClaimedDelivery;
  create: CreateDelivery;
  /** records its attempt's outcome, once the answer came */
  command?: RecordAttempt;
  /** written before its attempt ended: its outcome goes to the recorder once the deliveries are committed */
  detached: boolean;
}

/**
 * The first attempt of a new delivery, sent straight from the outbox batch that creates it (docs/adr/0035), so
 * that on the normal path a delivery is written once: its row inserted with its outcome, its events (created,
 * then attempted) appended in the same statement. The work the fan-out may send at once is its fair share
 * (`shareClaim`, the same bounds as the dispatcher's claims); endpoints in the slow lane, disabled endpoints and
 * what the bounds leave over are written PENDING for the dispatcher. The attempts are sent before the relay's
 * transaction begins (no transaction is held across the network); an attempt that has not ended after
 * WEBHOOK_FIRST_ATTEMPT_WAIT_MS (200 ms) is written claimed by this process (a lease) and recorded by the
 * DeliveryRecorder when it ends, once the batch committed. A crash before the commit leaves the outbox rows
 * leased but unpublished: another relay fans them out and sends them again when the lease runs out
 * (at-least-once, the same webhook-id; the unique (event, endpoint) key keeps one row).
 */
@Injectable()
export class FirstAttempts {
  private readonly logger = new Logger(FirstAttempts.name);
  private turn = 0;

  constructor(
    private readonly inFlight: InFlightDeliveries,
    private readonly recorder: DeliveryRecorder,
    private readonly endpoints: EndpointRepository,
    private readonly log: DeliveryLog,
    private readonly transport: WebhookTransport,
    private readonly notifier: OwnerNotifier,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sends first attempts, outside any transaction: each endpoint not in the slow lane gets as many lanes as its
   * fair share of the free capacity (`shareClaim`), and each lane sends that endpoint's deliveries one after the
   * other until WEBHOOK_FIRST_ATTEMPT_WAIT_MS has passed; so attempts in flight stay within every bound. Then it
   * sorts the batch for `write`: answered, still open (detached: recorded once the batch committed), not sent.
   */
  async send(batch: NewDeliveries): Promise<SentBatch> {
    const now = this.clock.now();
    const { lanes, queues } = this.select(batch);
    if (lanes.size === 0) return { batch, answered: [], detached: [], now };
    const wait = this.config.webhookDispatch.firstAttemptWaitMs;
    // One deadline for the batch: an attempt started within the wait still gets at least the whole time-out.
    const deadline = AbortSignal.timeout(wait + this.config.webhookDispatch.attemptTimeoutMs);
    const chosen = [...lanes.keys()].map((id) => batch.endpoints.get(id)!);
    const prepared: PreparedBatch = {
      targets: await prepareTargets(this.transport, this.endpoints, chosen, now),
      bodies: batch.bodies,
      deadline,
    };
    const started: Direct[] = [];
    let open = true;
    const lane = async (queue: Direct[]) => {
      for (let d = queue.shift(); d && open; d = queue.shift()) {
        started.push(d);
        await new Promise<void>((attempted) => {
          void this.inFlight.track([d.claim], (slots) => this.attempt(d, prepared, batch.committed, slots, attempted));
        });
      }
    };
    const lanesDone = Promise.all([...lanes].flatMap(([endpointId, n]) => Array.from({ length: n }, () => lane(queues.get(endpointId)!))));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([lanesDone, new Promise((resolve) => (timer = setTimeout(resolve, wait)))]);
    clearTimeout(timer);
    // From here on (synchronously): no lane starts another attempt, and an attempt still open is detached.
    open = false;
    for (const d of started) if (!d.command) d.detached = true;
    return { batch, answered: started.filter((d) => !d.detached), detached: started.filter((d) => d.detached), now };
  }

  /**
   * Writes a sent batch, in the relay's transaction: the answered deliveries once, with their outcome; the ones
   * still open claimed by this process (a lease); the rest PENDING for the dispatcher. The endpoint counters
   * move last.
   */
  async write(sent: SentBatch): Promise<void> {
    const written = this.withOutcomes(sent.answered);
    const lease = { token: randomUUID(), until: new Date(sent.now.getTime() + this.config.webhookLeaseSeconds * 1000) };
    const detached = sent.detached.map((d) => ({ ...this.log.start(d.create), lease }));
    const sentIds = new Set([...sent.answered, ...sent.detached].map((d) => d.create.deliveryId));
    const queued = sent.batch.creates.filter((c) => !sentIds.has(c.deliveryId)).map((c) => this.log.start(c));
    const created = await this.log.createMany([...written, ...detached, ...queued]);
    // Last, so the endpoint rows (one per endpoint, shared by every writer) are locked only until the commit; and only
    // for the streams this transaction created (a batch fanned out again finds them written, counted once).
    await this.moveCounters(written.filter((w) => created.has(w.deliveryId)));
  }

  /** Lanes per endpoint (its fair share of the free capacity) and each endpoint's deliveries to send, in order. */
  private select(batch: NewDeliveries): { lanes: Map<string, number>; queues: Map<string, Direct[]> } {
    const queues = new Map<string, Direct[]>();
    if (this.config.webhookDispatch.firstAttemptWaitMs === 0) return { lanes: new Map(), queues };
    for (const create of batch.creates) {
      if (!create.endpointActive || this.inFlight.isSlow(create.endpointId) || !batch.bodies.has(create.eventId)) continue;
      const list = queues.get(create.endpointId) ?? [];
      const state = this.log.start(create).state;
      list.push({
        create,
        detached: false,
        claim: {
          deliveryId: create.deliveryId,
          endpointId: create.endpointId,
          workspaceId: create.workspaceId,
          eventId: create.eventId,
          version: 1,
          state,
        },
      });
      queues.set(create.endpointId, list);
    }
    const due = [...queues].map(([endpointId, list]) => ({ endpointId, workspaceId: list[0]!.create.workspaceId, due: list.length }));
    const lanes = shareClaim(due, this.inFlight, { ...this.config.webhookDispatch, capacity: this.inFlight.room }, this.turn++);
    return { lanes, queues };
  }

  /**
   * One first attempt; `attempted` is called once its outcome is known (or it failed to start). A detached one's
   * outcome is recorded once the fan-out commits.
   */
  private async attempt(
    d: Direct,
    prepared: PreparedBatch,
    committed: Promise<boolean>,
    slots: Slots,
    attempted: () => void,
  ): Promise<void> {
    try {
      d.command = await attemptDelivery(d.claim, prepared, { inFlight: this.inFlight, slots, clock: this.clock });
      attempted();
      if (!d.detached) return; // written with the fan-out
      if (!(await committed)) return; // never written: the outbox rows are fanned out again
      await this.recorder.record([{ ...claimOf(d), command: d.command }]);
    } catch (err) {
      // Not sent: written claimed (its lease runs out) and sent again by the dispatcher.
      this.logger.error({ err, delivery_id: d.claim.deliveryId }, 'First delivery attempt could not be made');
    } finally {
      attempted();
      slots.release(d.claim);
    }
  }

  /**
   * The answered deliveries as streams written once: created, then the attempt's events, decided by the same rules
   * as any recorded outcome (`decideOutcomes`: a new stream's endpoint was just read active, and nothing else of it is
   * needed; its counters move under lock in `moveCounters`).
   */
  private withOutcomes(answered: Direct[]): NewStream[] {
    if (answered.length === 0) return [];
    const created = new Map<string, DeliveryState>(answered.map((d) => [d.claim.deliveryId, d.claim.state]));
    const outcomes: ClaimedOutcome[] = answered.map((d) => ({ ...claimOf(d), command: d.command! }));
    const { appends } = decideOutcomes(outcomes, created, () => 'active', this.log.policy);
    const appended = new Map(appends.map((a) => [a.deliveryId, a]));
    return answered.map((d) => {
      const first = this.log.start(d.create);
      const more = appended.get(d.claim.deliveryId);
      return more ? { deliveryId: first.deliveryId, events: [...first.events, ...more.events], state: more.state } : first;
    });
  }

  /** Moves the counters of the written streams' endpoints, locked in id order; tells the owners of disabled ones. */
  private async moveCounters(written: readonly NewStream[]): Promise<void> {
    const moving = written.filter((w) => endpointCounterEffect(w.events) !== null);
    if (moving.length === 0) return;
    const locked = await this.endpoints.lockMany(moving.map((w) => ({ workspaceId: w.state.workspaceId, id: w.state.endpointId })));
    const { changedEndpoints, disabled } = moveEndpointCounters(moving, locked, this.clock.now());
    await this.endpoints.saveDeliveryCounters(changedEndpoints);
    for (const d of disabled) await this.notifier.endpointDisabled(d);
  }
}

function claimOf(d: Direct): Omit<ClaimedOutcome, 'command'> {
  return {
    deliveryId: d.claim.deliveryId,
    workspaceId: d.claim.workspaceId,
    endpointId: d.claim.endpointId,
    claimedVersion: 1,
    claimed: d.claim.state,
  };
}
