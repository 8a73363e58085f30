import { Injectable, Logger, Optional } from '@nestjs/common';
import { DatabaseOutage } from '../observability/database-outage.js';
import { IdempotencyStore } from '../idempotency/idempotency.store.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { WindowCounter } from '../rate-limit/window-counter.js';
import type { Clock } from '../time/clock.js';
import { WorkerRegistry, type BackgroundWorker } from './worker-host.js';

const EVERY_MS = 10 * 60 * 1000;

/** Something a bounded context keeps only for a while (delivery logs, raw analytics facts). */
export interface RetentionTask {
  readonly name: string;
  /** Deletes what is past its retention; returns the number of rows deleted. */
  purge(): Promise<number>;
}

/**
 * Every 10 minutes: deletes idempotency keys past their 24 h retention, outbox rows published over 7 days
 * ago, and whatever the contexts' retention tasks say is past its time (docs/adr/0021, 0055). Every task deletes
 * in batches of bounded size, each found through an index. A failing task is logged and
 * retried at the next sweep; it does not stop the others. A database outage ends the sweep without a line of its own.
 */
@Injectable()
export class Janitor implements BackgroundWorker {
  readonly name = 'janitor';
  readonly role = 'janitor';
  private readonly logger = new Logger('Janitor');
  private readonly tasks: RetentionTask[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  /** the sweep in hand, which a stop waits for (a task must not run into a closed pool) */
  private current: Promise<unknown> | null = null;
  private stopping = false;

  constructor(
    idempotency: IdempotencyStore,
    relay: OutboxRelay,
    windows: WindowCounter,
    registry: WorkerRegistry,
    @Optional() private readonly outage?: DatabaseOutage,
  ) {
    this.add({ name: 'expired idempotency keys', purge: () => idempotency.purgeExpired() });
    this.add({ name: 'published outbox rows', purge: () => relay.purgeProcessed() });
    this.add({ name: 'ended rate-limit windows', purge: () => windows.purgeEnded() });
    registry.register(this);
  }

  add(task: RetentionTask): void {
    this.tasks.push(task);
  }

  start(): void {
    this.stopping = false;
    const tick = () => {
      if (this.stopping || this.current) return;
      this.current = this.sweep().finally(() => (this.current = null));
    };
    tick();
    this.timer = setInterval(tick, EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer, lets the task in hand finish, skips the rest of the sweep. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.current;
  }

  async sweep(): Promise<Record<string, number>> {
    const purged: Record<string, number> = {};
    // A long first sweep (a big backlog) must not be overlapped by the next tick.
    if (this.sweeping) return purged;
    this.sweeping = true;
    try {
      await this.runTasks(purged);
    } finally {
      this.sweeping = false;
    }
    if (Object.values(purged).some((n) => n > 0)) this.logger.log({ purged }, 'Janitor purged rows past their retention');
    return purged;
  }

  private async runTasks(purged: Record<string, number>): Promise<void> {
    for (const task of this.tasks) {
      if (this.stopping) return;
      try {
        purged[task.name] = await task.purge();
        this.outage?.reachable(this.name);
      } catch (err) {
        // The database is unavailable: said once, by the outage (docs/adr/0060); the rest waits for the next sweep.
        if (this.outage?.failed(this.name, err)) return;
        this.logger.warn({ err, task: task.name }, 'Janitor task failed; retrying at the next sweep');
      }
    }
  }
}

/** The instant `days` days before now: what is older is past its retention. */
export function retentionCutoff(clock: Clock, days: number): Date {
  return new Date(clock.now().getTime() - days * 86_400_000);
}
