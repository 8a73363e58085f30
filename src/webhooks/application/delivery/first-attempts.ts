import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { Clock } from '../../../platform/time/clock.js';
import { type CreateDelivery, type RecordAttempt } from '../../domain/delivery/model.js';
import { decideAndFold, retryPolicyFrom, type RetryPolicy } from '../../domain/delivery/decider.js';
import type { Endpoint } from '../../domain/endpoint.js';
import { shareClaim } from '../../domain/fair-share.js';
import { type ClaimedDelivery, EndpointRepository, WebhookTransport, type Envelope, type NewStream } from '../ports/webhook.ports.js';
import { attemptDelivery, outcomeOf, prepareTargets, type Targets } from './dispatch.js';
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

/** A batch whose first attempts were sent (or none), sorted for `write`. */
export interface SentBatch {
  batch: Omit<NewDeliveries, 'committed'>;
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
 * The first attempt of a new delivery, sent straight from the outbox batch that creates it (docs/adr/0093), so
 * that on the normal path a delivery is written once: its row inserted with its outcome, its events (created,
 * then attempted) appended in the same statement. The work the fan-out may send at once is its fair share
 * (`shareClaim`, the same bounds as the dispatcher's claims); endpoints in the slow lane, disabled endpoints and
 * what the bounds leave over are written PENDING for the dispatcher. The attempts are sent before the relay's
 * transaction begins (no transaction is held across the network); an attempt that has not ended after
 * WEBHOOK_FIRST_ATTEMPT_WAIT_MS (200 ms) is written claimed by this process (a lease) and recorded by the
 * DeliveryRecorder when it ends, once the batch committed. The attempt is the dispatcher's (`attemptDelivery`), and
 * so is the writer (`DeliveryRecorder.write`, in the relay's transaction): a first attempt is a retry whose claim is
 * the outbox row's lease and whose stream is born with it (docs/adr/0079). A crash before the commit leaves the outbox rows
 * leased but unpublished: another relay fans them out and sends them again when the lease runs out
 * (at-least-once, the same webhook-id; the unique (event, endpoint) key keeps one row).
 */
@Injectable()
export class FirstAttempts {
  private readonly logger = new Logger(FirstAttempts.name);
  private readonly policy: RetryPolicy;
  private turn = 0;

  constructor(
    private readonly inFlight: InFlightDeliveries,
    private readonly recorder: DeliveryRecorder,
    private readonly endpoints: EndpointRepository,
    private readonly transport: WebhookTransport,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.policy = retryPolicyFrom(config.webhookRetryDelays);
  }

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
    const targets = await prepareTargets(this.transport, this.endpoints, chosen, now);
    const started: Direct[] = [];
    let open = true;
    const lane = async (queue: Direct[]) => {
      for (let d = queue.shift(); d && open; d = queue.shift()) {
        started.push(d);
        await new Promise<void>((attempted) => {
          void this.inFlight.track([d.claim], (slots) => this.attempt(d, targets, deadline, batch.committed, slots, attempted));
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

  /** Nothing sent: every delivery of the batch is written PENDING (or FAILED, for a disabled endpoint). */
  unsent(batch: SentBatch['batch']): SentBatch {
    return { batch, answered: [], detached: [], now: this.clock.now() };
  }

  /**
   * Writes a batch, in the relay's transaction, through the recorder: every new stream, the answered ones with their
   * outcome (written once), the ones still open claimed by this process (a lease), the rest PENDING for the dispatcher.
   */
  async write(sent: SentBatch): Promise<void> {
    const lease = { token: randomUUID(), until: new Date(sent.now.getTime() + this.config.webhookLeaseSeconds * 1000) };
    const detached = new Set(sent.detached.map((d) => d.create.deliveryId));
    const born: NewStream[] = sent.batch.creates.map((c) => ({
      deliveryId: c.deliveryId,
      ...decideAndFold(c, null, this.policy),
      ...(detached.has(c.deliveryId) ? { lease } : {}),
    }));
    await this.recorder.write(
      born,
      sent.answered.map((d) => outcomeOf(d.claim, d.command!)),
    );
  }

  /** Lanes per endpoint (its fair share of the free capacity) and each endpoint's deliveries to send, in order. */
  private select(batch: NewDeliveries): { lanes: Map<string, number>; queues: Map<string, Direct[]> } {
    const queues = new Map<string, Direct[]>();
    if (this.config.webhookDispatch.firstAttemptWaitMs === 0) return { lanes: new Map(), queues };
    for (const create of batch.creates) {
      const envelope = batch.bodies.get(create.eventId);
      if (!create.endpointActive || this.inFlight.isSlow(create.endpointId) || !envelope) continue;
      const list = queues.get(create.endpointId) ?? [];
      const { state } = decideAndFold(create, null, this.policy);
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
          envelope,
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
    targets: Targets,
    deadline: AbortSignal,
    committed: Promise<boolean>,
    slots: Slots,
    attempted: () => void,
  ): Promise<void> {
    try {
      d.command = await attemptDelivery(d.claim, targets, deadline, { inFlight: this.inFlight, slots, clock: this.clock });
      attempted();
      if (!d.detached) return; // written with the fan-out
      if (!(await committed)) return; // never written: the outbox rows are fanned out again
      await this.recorder.record([outcomeOf(d.claim, d.command)]);
    } catch (err) {
      // Not sent: written claimed (its lease runs out) and sent again by the dispatcher.
      this.logger.error({ err, delivery_id: d.claim.deliveryId }, 'First delivery attempt could not be made');
    } finally {
      attempted();
      slots.release(d.claim);
    }
  }
}
