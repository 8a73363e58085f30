import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PgListener } from '../../../platform/database/pg-listener.js';
import { Sql } from '../../../platform/database/sql.js';
import { Clock } from '../../../platform/time/clock.js';
import { PollingLoop } from '../../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../../platform/workers/worker-host.js';
import { DeliveryRecorder } from '../../application/commands/dispatch-due-deliveries/delivery-recorder.js';
import { BATCH, DispatchDueDeliveriesCommand } from '../../application/commands/dispatch-due-deliveries/dispatch-due-deliveries.command.js';
import { InFlightDeliveries } from '../../application/commands/dispatch-due-deliveries/in-flight-deliveries.js';

const POLL_MS = 1_000;

/**
 * The dispatcher's loop, an entry point: each turn sends a DispatchDueDeliveriesCommand, whose handler claims a
 * batch of due deliveries, sends them and records the outcomes. It wakes on the NOTIFY that a new or re-timed
 * delivery raises (LISTEN `webhook_deliveries`), polls every second as a backstop, and sets a timer when the
 * next retry is due sooner than the next poll (short test ladders).
 *
 * The loop does not wait for a batch to finish before claiming the next: up to MAX_IN_FLIGHT deliveries may be
 * in flight (InFlightDeliveries), so one slow receiver (10 s time-outs) holds only its own deliveries, not the
 * others'. `stop()` stops claiming and drains what is in flight: every attempt finishes and is recorded.
 */
@Injectable()
export class WebhookDispatcher implements BackgroundWorker {
  readonly name = 'webhook-dispatcher';
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly loop = new PollingLoop(
    () => this.tick(),
    POLL_MS,
    (err) => this.logger.error({ err }, 'Webhook dispatch failed; retrying'),
  );
  private readonly listener: PgListener;
  private nextDue: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    private readonly commands: CommandBus,
    private readonly inFlight: InFlightDeliveries,
    private readonly recorder: DeliveryRecorder,
    private readonly clock: Clock,
    sql: Sql,
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
    this.inFlight.wake();
    if (this.nextDue) clearTimeout(this.nextDue);
    this.nextDue = null;
    await this.loop.stop();
    await this.inFlight.settled();
    await this.recorder.idle();
    await this.listener.stop();
  }

  /** Claims one batch of due deliveries, sends them and records the outcomes; returns how many were claimed. */
  async dispatchOnce(): Promise<number> {
    const { claimed, nextDue } = await this.commands.execute(new DispatchDueDeliveriesCommand(BATCH, true));
    if (claimed === 0) this.wakeAt(nextDue);
    return claimed;
  }

  /** The loop's turn: claims a batch when there is room for one, and lets it run on its own. */
  private async tick(): Promise<number> {
    while (!this.stopping && this.inFlight.room < BATCH) await this.inFlight.nextRelease();
    if (this.stopping) return 0;
    const { claimed, nextDue } = await this.commands.execute(new DispatchDueDeliveriesCommand(Math.min(BATCH, this.inFlight.room), false));
    if (claimed === 0) this.wakeAt(nextDue);
    return claimed;
  }

  /** A retry due sooner than the next poll (short test ladders) wakes the loop on time. */
  private wakeAt(due: Date | null): void {
    if (!due || this.nextDue || !this.loop.isRunning) return;
    const wait = due.getTime() - this.clock.now().getTime();
    if (wait >= POLL_MS) return;
    this.nextDue = setTimeout(
      () => {
        this.nextDue = null;
        this.loop.wake();
      },
      Math.max(0, wait),
    );
    this.nextDue.unref();
  }
}
