import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { PgListener } from '../../../platform/database/pg-listener.js';
import { Sql } from '../../../platform/database/sql.js';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { Clock } from '../../../platform/time/clock.js';
import { PollingLoop } from '../../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../../platform/workers/worker-host.js';
import { DeliveryRecorder } from '../../application/delivery/delivery-recorder.js';
import { DeliveryDispatch } from '../../application/delivery/dispatch.js';
import { InFlightDeliveries } from '../../application/delivery/in-flight-deliveries.js';
import { DELIVERIES_CHANNEL } from '../../application/ports/webhook.ports.js';

const POLL_MS = 1_000;

/**
 * The dispatcher's loop, an entry point: each turn asks DeliveryDispatch to claim a batch of due deliveries, send
 * them and record the outcomes. It wakes on the NOTIFY that a new or re-timed
 * delivery raises (LISTEN `webhook_deliveries`), polls every second as a backstop, and sets a timer when the
 * next retry is due sooner than the next poll (short test ladders).
 *
 * The loop does not wait for a batch to finish before claiming the next: up to WEBHOOK_MAX_IN_FLIGHT deliveries
 * may be in flight (InFlightDeliveries), and each claim deals the free room out fairly across workspaces and
 * endpoints within their bounds (docs/adr/0093), so a slow receiver holds only its own few slots. When due work
 * was held back by a bound, the loop claims again as soon as a delivery in flight is released.
 * `stop()` stops claiming and drains what is in flight: every attempt finishes and is recorded.
 */
@Injectable()
export class WebhookDispatcher implements BackgroundWorker {
  readonly name = 'webhook-dispatcher';
  readonly role = 'dispatcher';
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly loop = new PollingLoop(
    () => this.tick(),
    POLL_MS,
    (err) => this.logger.error({ err }, 'Webhook dispatch failed; retrying'),
  );
  private readonly listener: PgListener;
  private nextDue: NodeJS.Timeout | null = null;
  private stopping = false;
  /** ends a tick's wait for a release early (new work was notified) */
  private nudge: (() => void) | null = null;

  constructor(
    private readonly dispatch: DeliveryDispatch,
    private readonly inFlight: InFlightDeliveries,
    private readonly recorder: DeliveryRecorder,
    private readonly clock: Clock,
    db: Sql,
    registry: WorkerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    outage: DatabaseOutage,
  ) {
    this.loop.reportsTo(outage, this.name);
    this.listener = new PgListener(db.listenPool, DELIVERIES_CHANNEL, () => this.wake(), { outage });
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
    this.inFlight.wake();
    this.nudge?.();
    if (this.nextDue) clearTimeout(this.nextDue);
    this.nextDue = null;
    await this.loop.stop();
    await this.inFlight.settled();
    await this.recorder.idle();
    await this.listener.stop();
  }

  /** Claims one batch of due deliveries, sends them and records the outcomes; returns how many were claimed. */
  async dispatchOnce(): Promise<number> {
    const { claimed, nextDue } = await this.dispatch.dispatch(this.config.webhookDispatch.claimBatch, true);
    if (claimed === 0) this.wakeAt(nextDue);
    return claimed;
  }

  /**
   * The loop's turn: claims a fair share of the due work when there is room, and lets it run on its own. When a
   * bound held due work back and nothing could be claimed, it waits for the next release (or a poll's time).
   */
  private async tick(): Promise<number> {
    while (!this.stopping && this.inFlight.room <= 0) await this.inFlight.nextRelease();
    if (this.stopping) return 0;
    const limit = Math.min(this.config.webhookDispatch.claimBatch, this.inFlight.room);
    const { claimed, nextDue, held } = await this.dispatch.dispatch(limit, false);
    if (claimed > 0) return claimed;
    if (!held) {
      this.wakeAt(nextDue);
      return 0;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.inFlight.nextRelease(),
      new Promise<void>((resolve) => {
        this.nudge = resolve;
        timer = setTimeout(resolve, POLL_MS);
      }),
    ]);
    clearTimeout(timer);
    this.nudge = null;
    return this.stopping ? 0 : 1;
  }

  /** New work is due: claim now, also when a tick is waiting for a release. */
  private wake(): void {
    this.loop.wake();
    this.nudge?.();
  }

  /** A retry due sooner than the next poll (short test ladders) wakes the loop on time. */
  private wakeAt(due: Date | null): void {
    if (!due || this.nextDue || !this.loop.isRunning) return;
    const wait = due.getTime() - this.clock.now().getTime();
    if (wait >= POLL_MS) return;
    this.nextDue = setTimeout(
      () => {
        this.nextDue = null;
        this.wake();
      },
      Math.max(0, wait),
    );
    this.nextDue.unref();
  }
}
