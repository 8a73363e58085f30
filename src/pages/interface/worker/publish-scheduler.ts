import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Transactions } from '../../../platform/cqrs/transactional.js';
import { DatabaseOutage } from '../../../platform/observability/database-outage.js';
import { Clock } from '../../../platform/time/clock.js';
import { PollingLoop } from '../../../platform/workers/polling-loop.js';
import { WorkerRegistry, type BackgroundWorker } from '../../../platform/workers/worker-host.js';
import { PublishPageCommand } from '../../application/commands/publish-page/publish-page.command.js';
import { PageRepository } from '../../application/ports/page.ports.js';

const TICK_MS = 500;
const BATCH = 50;

/**
 * Fires due scheduled publishes, exactly once: due pages are claimed with `FOR UPDATE SKIP LOCKED` (by the
 * repository), and each is published by the same PublishPageCommand the API sends, joining the claim's
 * transaction: the publish, the cleared schedule and the page.published outbox row commit together with the
 * claim. State is only in the database, so a restart or a second worker process neither loses nor repeats a
 * schedule.
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
    private readonly transactions: Transactions,
    private readonly pages: PageRepository,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
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
      const n = await this.transactions.run(async () => {
        const now = this.clock.now();
        const due = await this.pages.claimDueSchedules(now, BATCH);
        for (const page of due) {
          const { id, workspaceId } = page.snapshot();
          await this.commands.execute(new PublishPageCommand(workspaceId, id, undefined));
        }
        return due.length;
      });
      fired += n;
      if (n < BATCH) return fired;
    }
  }
}
