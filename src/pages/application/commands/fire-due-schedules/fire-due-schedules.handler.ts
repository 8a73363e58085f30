import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { StaleSnapshotError } from '../../../domain/page.errors.js';
import { ScheduledPages } from '../../ports/page.ports.js';
import { FireDueSchedulesCommand } from './fire-due-schedules.command.js';

/**
 * A batch of due schedules, fired exactly once in one transaction (docs/adr/0052): the due pages are claimed and
 * locked (`FOR UPDATE SKIP LOCKED`, so another worker takes other pages), each is published by the aggregate's own
 * rule (`Page.publish`, as PublishPageCommand does), and the batch is saved at once: one statement for the pages, one
 * for their page.published outbox rows. A crash before the commit leaves every page of the batch due, for any worker.
 */
@CommandHandler(FireDueSchedulesCommand)
@Transactional()
export class FireDueSchedulesHandler implements ICommandHandler<FireDueSchedulesCommand, number> {
  constructor(
    private readonly pages: ScheduledPages,
    private readonly clock: Clock,
  ) {}

  async execute(cmd: FireDueSchedulesCommand): Promise<number> {
    const now = this.clock.now();
    const due = await this.pages.claimDue(now, cmd.limit, cmd.maxBytes);
    const changes = due.map((page) => {
      const expectedStamp = page.stamp;
      page.publish(now);
      return { page, expectedStamp };
    });
    // The claim holds every row's lock, so no other write can have moved a stamp: stale would be a bug, not a race.
    if (!(await this.pages.saveAll(changes))) throw new StaleSnapshotError();
    return due.length;
  }
}
