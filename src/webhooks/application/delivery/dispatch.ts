import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { Clock } from '../../../platform/time/clock.js';
import type { HoldForDisabledEndpoint, RecordAttempt } from '../../domain/delivery/model.js';
import type { Endpoint } from '../../domain/endpoint.js';
import { shareClaim } from '../../domain/fair-share.js';
import {
  BatchTransactions,
  DeliveryQueue,
  type ClaimedDelivery,
  EndpointRepository,
  WebhookTransport,
  type PreparedTarget,
} from '../ports/webhook.ports.js';
import { DeliveryRecorder } from './delivery-recorder.js';
import { InFlightDeliveries, type Slots } from './in-flight-deliveries.js';

/** What one dispatch found: how many it claimed; when nothing, when something next falls due. */
export interface DispatchResult {
  claimed: number;
  nextDue: Date | null;
  /** due work was left for later because an endpoint, a workspace or the process was at its bound */
  held: boolean;
}

/** A batch's targets, prepared once: by endpoint id, its signing secrets and checked address, or why they could not be had. */
export type Targets = ReadonlyMap<string, PreparedTarget | Error>;

/**
 * For each endpoint, once per batch: its signing secrets (decrypted) and its URL resolved and checked by the SSRF
 * guard. An endpoint that cannot be prepared fails only its own deliveries (its entry is the error).
 */
export async function prepareTargets(
  transport: WebhookTransport,
  repository: EndpointRepository,
  endpoints: Iterable<Endpoint>,
  now: Date,
): Promise<Map<string, PreparedTarget | Error>> {
  return new Map(
    await Promise.all(
      [...endpoints].map(async (e): Promise<[string, PreparedTarget | Error]> => {
        try {
          return [e.id, await transport.prepare(e.url, await repository.signingSecrets(e, now))];
        } catch (err) {
          return [e.id, err instanceof Error ? err : new Error(String(err))];
        }
      }),
    ),
  );
}

/**
 * One attempt of a claimed delivery, the first and every retry alike: its envelope, signed for its endpoint, under the
 * batch's deadline. The endpoint's slot frees as soon as the answer or the time-out came (the outcome is recorded
 * after), and the slow lane learns whether it timed out. Returns the command that records the outcome, with the
 * retry's jitter drawn here (the decider draws none). Throws when no attempt could be made (the endpoint could not be
 * prepared): the delivery's lease runs out and it is sent again.
 */
export async function attemptDelivery(
  claim: ClaimedDelivery,
  targets: Targets,
  deadline: AbortSignal,
  process: { inFlight: InFlightDeliveries; slots: Slots; clock: Clock },
): Promise<RecordAttempt> {
  const target = targets.get(claim.endpointId);
  if (!target) throw new Error(`endpoint ${claim.endpointId} was not prepared`);
  if (target instanceof Error) throw target;
  const outcome = await target.send({ id: claim.eventId, ...claim.envelope }, process.clock.now(), deadline);
  process.inFlight.slowLane.record(claim.endpointId, outcome.timedOut === true);
  process.slots.attempted(claim);
  return {
    type: 'RecordAttempt',
    outcome: { statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs },
    now: process.clock.now(),
    jitter: Math.random() * 2 - 1,
  };
}

/**
 * The dispatcher's act (docs/adr/0079): claims a fair share of the due deliveries in one short transaction
 * (`shareClaim`; leases of WEBHOOK_LEASE_SECONDS; each with its envelope), sends each one with `attemptDelivery`
 * outside any transaction under one deadline, and hands each outcome to the DeliveryRecorder. A dispatcher that dies
 * mid-batch leaves leases that run out: its deliveries are sent again (at-least-once; receivers de-duplicate on
 * webhook-id). The fan-out's first attempts (FirstAttempts) are the same attempt and the same recorder.
 */
@Injectable()
export class DeliveryDispatch {
  private readonly logger = new Logger('DeliveryDispatch');
  private turn = 0;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly transactions: BatchTransactions,
    private readonly endpoints: EndpointRepository,
    private readonly recorder: DeliveryRecorder,
    private readonly transport: WebhookTransport,
    private readonly inFlight: InFlightDeliveries,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Claims up to `limit` due deliveries and sends them; with `awaitOutcomes`, returns once they are recorded. */
  async dispatch(limit: number, awaitOutcomes: boolean): Promise<DispatchResult> {
    const batch = await this.claim(limit);
    const { claimed } = batch;
    if (claimed.length === 0) return { claimed: 0, nextDue: batch.nextDue, held: batch.held };
    const done = this.inFlight.track(claimed, (slots) =>
      this.send(claimed, batch.endpoints, slots).catch((err: unknown) =>
        this.logger.error({ err, deliveries: claimed.length }, 'Webhook batch failed; its leases run out and it is sent again'),
      ),
    );
    if (awaitOutcomes) await done;
    return { claimed: claimed.length, nextDue: null, held: batch.held };
  }

  /** The due endpoints, the lease on each one's fair share (with the envelopes), and the batch's endpoints. */
  private claim(
    limit: number,
  ): Promise<Omit<DispatchResult, 'claimed'> & { claimed: ClaimedDelivery[]; endpoints: Map<string, Endpoint> }> {
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
      if (claimed.length === 0) return { claimed, endpoints: new Map(), nextDue: work.nextDue, held };
      const endpoints = await this.endpoints.getMany(claimed.map((c) => ({ workspaceId: c.workspaceId, id: c.endpointId })));
      return { claimed, endpoints, nextDue: null, held };
    });
  }

  /** Sends a claimed batch and records each outcome as it comes; an endpoint disabled since gets a hold, not an attempt. */
  private async send(claimed: readonly ClaimedDelivery[], endpoints: ReadonlyMap<string, Endpoint>, slots: Slots): Promise<void> {
    const deadline = AbortSignal.timeout(this.config.webhookDispatch.attemptTimeoutMs);
    const active = [...endpoints.values()].filter((e) => e.isActive());
    const targets = await prepareTargets(this.transport, this.endpoints, active, this.clock.now());
    const one = async (c: ClaimedDelivery) => {
      try {
        const endpoint = endpoints.get(c.endpointId);
        if (!endpoint) return; // deleted: its deliveries went with it
        const command: RecordAttempt | HoldForDisabledEndpoint = endpoint.isActive()
          ? await attemptDelivery(c, targets, deadline, { inFlight: this.inFlight, slots, clock: this.clock })
          : { type: 'HoldForDisabledEndpoint', now: this.clock.now() };
        await this.recorder.record([outcomeOf(c, command)]);
      } catch (err) {
        // The lease runs out and the delivery is claimed again.
        this.logger.error({ err, delivery_id: c.deliveryId }, 'Delivery attempt could not be made');
      } finally {
        slots.release(c);
      }
    };
    await Promise.all(claimed.map(one));
  }
}

/** A claimed delivery's outcome, as the recorder takes it. */
export function outcomeOf(c: ClaimedDelivery, command: RecordAttempt | HoldForDisabledEndpoint) {
  return {
    deliveryId: c.deliveryId,
    workspaceId: c.workspaceId,
    endpointId: c.endpointId,
    claimedVersion: c.version,
    claimed: c.state,
    command,
  };
}
