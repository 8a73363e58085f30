import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { PgListener } from '../../platform/database/pg-listener.js';
import { Sql } from '../../platform/database/sql.js';
import { Clock } from '../../platform/time/clock.js';
import { PollingLoop } from '../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../platform/workers/worker-host.js';
import type { Endpoint } from '../domain/endpoint.js';
import { DeliveryRecorder } from './delivery-recorder.js';
import { BatchTransactions, DeliveryQueue, type ClaimedDelivery } from './ports/dispatch.ports.js';
import { EndpointRepository, MessageStore, WebhookTransport, type PreparedTarget, type TransportOutcome } from './ports/webhook.ports.js';

/** Deliveries claimed at a time. */
export const BATCH = 256;
/** Deliveries this dispatcher may hold claimed and not yet recorded, over all its batches in flight. */
export const MAX_IN_FLIGHT = 1024;
/**
 * An endpoint with this many deliveries in flight here is left out of the next claims, so a slow receiver
 * (10 s time-outs) cannot take the whole of MAX_IN_FLIGHT: at most this plus one batch per endpoint.
 */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 256;
const POLL_MS = 1_000;

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
 * Sends due deliveries. A batch (up to BATCH) is claimed in one short transaction: one statement locks the due
 * rows (`FOR UPDATE SKIP LOCKED`) and writes a lease (WEBHOOK_LEASE_SECONDS, longer than the 10 s attempt
 * time-out), one reads the batch's endpoints and one its envelopes. Each endpoint's signing secrets are then
 * decrypted, and its URL resolved and checked by the SSRF guard, once per batch; every delivery is sent
 * concurrently, outside any transaction. Each outcome goes to the DeliveryRecorder as soon as it arrives, which records outcomes in
 * groups (one transaction for as many as arrived meanwhile); the append expects the version that was claimed,
 * so a delivery that moved meanwhile (a resend, or another dispatcher after our lease ran out) keeps its state.
 *
 * The loop does not wait for a batch to finish before claiming the next: up to MAX_IN_FLIGHT deliveries may
 * be in flight, so one slow receiver (10 s time-outs) holds only its own deliveries, not the others'; an
 * endpoint with MAX_IN_FLIGHT_PER_ENDPOINT in flight is not claimed for until some of them are recorded.
 * A dispatcher that dies mid-batch leaves leases that expire; the rows are claimed again and sent again:
 * delivery is at-least-once, and receivers de-duplicate on webhook-id. `stop()` drains what is in flight.
 */
@Injectable()
export class WebhookDispatcher implements BackgroundWorker {
  readonly name = 'webhook-dispatcher';
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly loop = new PollingLoop(() => this.tick(), POLL_MS, (err) => this.logger.error({ err }, 'Webhook dispatch failed; retrying'));
  private readonly listener: PgListener;
  private nextDue: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private readonly inFlightByEndpoint = new Map<string, number>();
  private stopping = false;
  private readonly batches = new Set<Promise<void>>();
  private roomFreed: (() => void) | null = null;

  constructor(
    sql: Sql,
    private readonly queue: DeliveryQueue,
    private readonly transactions: BatchTransactions,
    private readonly endpoints: EndpointRepository,
    private readonly messages: MessageStore,
    private readonly recorder: DeliveryRecorder,
    private readonly transport: WebhookTransport,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    registry: WorkerRegistry,
  ) {
    this.listener = new PgListener(sql.workerPool, 'webhook_deliveries', () => this.loop.wake());
    registry.register(this);
  }

  start(): void {
    this.stopping = false;
    this.loop.start();
    this.listener.start();
  }

  /** Stops claiming, then waits for the batches in flight: their attempts finish and are recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.freeRoom();
    if (this.nextDue) clearTimeout(this.nextDue);
    this.nextDue = null;
    await this.loop.stop();
    while (this.batches.size > 0) await Promise.all([...this.batches]);
    await this.recorder.idle();
    await this.listener.stop();
  }

  /** Claims one batch of due deliveries, sends them and records the outcomes; returns how many were claimed. */
  async dispatchOnce(): Promise<number> {
    const batch = await this.claim(BATCH);
    await this.track(batch);
    if (batch.claimed.length === 0) this.wakeAt(batch.nextDue);
    return batch.claimed.length;
  }

  /** The loop's turn: claims a batch when there is room for one, and lets it run on its own. */
  private async tick(): Promise<number> {
    while (!this.stopping && this.inFlight > MAX_IN_FLIGHT - BATCH) await new Promise<void>((resolve) => (this.roomFreed = resolve));
    if (this.stopping) return 0;
    const batch = await this.claim(Math.min(BATCH, MAX_IN_FLIGHT - this.inFlight));
    const claimed = batch.claimed;
    if (claimed.length === 0) {
      this.wakeAt(batch.nextDue);
      return 0;
    }
    void this.track(batch);
    return claimed.length;
  }

  private freeRoom(): void {
    const resolve = this.roomFreed;
    this.roomFreed = null;
    resolve?.();
  }

  /** Runs a claimed batch, counting its deliveries in flight (here and per endpoint) until each is recorded or given up on. */
  private track(batch: Batch): Promise<void> {
    const { claimed } = batch;
    if (claimed.length === 0) return Promise.resolve();
    this.inFlight += claimed.length;
    for (const c of claimed) this.inFlightByEndpoint.set(c.endpointId, (this.inFlightByEndpoint.get(c.endpointId) ?? 0) + 1);
    const open = new Set(claimed);
    const release = (c: ClaimedDelivery) => {
      if (!open.delete(c)) return;
      this.inFlight -= 1;
      const left = (this.inFlightByEndpoint.get(c.endpointId) ?? 1) - 1;
      if (left > 0) this.inFlightByEndpoint.set(c.endpointId, left);
      else this.inFlightByEndpoint.delete(c.endpointId);
      this.freeRoom();
    };
    const run = this.runBatch(batch, release)
      .catch((err: unknown) => this.logger.error({ err, deliveries: claimed.length }, 'Webhook batch failed; its leases run out and it is sent again'))
      .finally(() => {
        for (const c of [...open]) release(c);
        this.batches.delete(run);
      });
    this.batches.add(run);
    return run;
  }

  /** Endpoints with MAX_IN_FLIGHT_PER_ENDPOINT deliveries in flight here: the next claims leave them out. */
  private saturated(): string[] {
    return [...this.inFlightByEndpoint].filter(([, n]) => n >= MAX_IN_FLIGHT_PER_ENDPOINT).map(([id]) => id);
  }

  /** A retry due sooner than the next poll (short test ladders) wakes the loop on time. */
  private wakeAt(due: Date | null): void {
    if (!due || this.nextDue || !this.loop.isRunning) return;
    const wait = due.getTime() - this.clock.now().getTime();
    if (wait >= POLL_MS) return;
    this.nextDue = setTimeout(() => {
      this.nextDue = null;
      this.loop.wake();
    }, Math.max(0, wait));
    this.nextDue.unref();
  }

  /**
   * Claims a batch and reads what it needs from the database, in one short transaction: the claim
   * (`FOR UPDATE SKIP LOCKED`, then the lease), the batch's endpoints (one query) and its envelopes (one query);
   * or, when nothing is due, when the next unleased delivery falls due.
   */
  private claim(limit: number): Promise<Batch> {
    return this.transactions.run(async () => {
      const saturated = this.saturated();
      const claimed = await this.queue.claimDue({ now: this.clock.now(), limit, leaseSeconds: this.config.webhookLeaseSeconds, excludeEndpoints: saturated });
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
      await this.recorder.record({ ...claim, command: { type: 'RecordAttempt', outcome: outcomeOf(outcome), now: this.clock.now(), jitter: Math.random() * 2 - 1 } });
    } catch (err) {
      // The lease runs out and the delivery is claimed again.
      this.logger.error({ err, delivery_id: c.deliveryId }, 'Delivery attempt could not be made');
    }
  }
}

function outcomeOf(o: TransportOutcome): { statusCode: number | null; error: string | null; durationMs: number } {
  return { statusCode: o.statusCode, error: o.error, durationMs: o.durationMs };
}
