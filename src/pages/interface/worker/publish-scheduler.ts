import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { PollingLoop } from '../../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../../platform/workers/worker-host.js';
import { FireDueSchedulesCommand } from '../../application/commands/fire-due-schedules/fire-due-schedules.command.js';

const TICK_MS = 500;
/**
 * Pages per transaction: big enough that a batch costs a few statements per hundred pages, small enough that two
 * workers share a burst and a crash repeats little (docs/adr/0052).
 */
const BATCH = 200;
/**
 * And at most this much draft JSON per batch: 200 typical pages are a few hundred KB, but 200 of the largest a page
 * may be (100 blocks of 16 KB) would be 320 MB to read and twice that to write back, more than a string can hold.
 */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Fires due scheduled publishes, exactly once, in batches (docs/adr/0052): each FireDueSchedulesCommand claims due
 * pages with `FOR UPDATE SKIP LOCKED` and publishes them in one short transaction (the pages, their cleared schedules
 * and their page.published outbox rows commit together), and the next batch follows at once while work remains.
 * State is only in the database, so a restart, a crash or a second worker process neither loses nor repeats one.
 */
@Injectable()
export class PublishScheduler implements BackgroundWorker {
  readonly name = 'publish-scheduler';
  readonly role = 'scheduler';
  private readonly logger = new Logger('PublishScheduler');
  private readonly loop = new PollingLoop(
    async () => {
      const n = await this.fireDue();
      if (n > 0) this.logger.log(`Published ${n} scheduled page(s)`);
      return n;
    },
    TICK_MS,
    (err) => this.logger.error({ err }, 'Scheduled publish failed; retrying'),
  );

  constructor(
    private readonly commands: CommandBus,
    registry: WorkerRegistry,
    outage: DatabaseOutage,
  ) {
    this.loop.reportsTo(outage, this.name);
    registry.register(this);
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Publishes every due page (in batches); returns how many fired. */
  async fireDue(): Promise<number> {
    let fired = 0;
    for (;;) {
      const n = await this.commands.execute(new FireDueSchedulesCommand(BATCH, BATCH_BYTES));
      fired += n;
      if (n < BATCH) return fired; // the loop comes back at once when a batch was cut short by its bytes (n > 0)
    }
  }
}
