import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { PageView } from '../../page.views.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PageWriteHandler } from '../page-write.js';
import { PublishPageCommand } from './publish-page.command.js';

/**
 * Publishes now (live snapshot + page.published outbox row, one transaction) or schedules; a due schedule is fired by
 * FireDueSchedulesCommand, not by this command (docs/adr/0052). With the caller's stamp, only the draft it read
 * (docs/adr/0070): checked under the row's lock, so no write can slip in between.
 */
@CommandHandler(PublishPageCommand)
@Transactional()
export class PublishPageHandler
  extends PageWriteHandler
  implements ICommandHandler<PublishPageCommand, { page: PageView; scheduled_for: string | null }>
{
  constructor(pages: PageRepository, clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    super(pages, clock, config);
  }

  async execute(cmd: PublishPageCommand): Promise<{ page: PageView; scheduled_for: string | null }> {
    const page = await this.load(cmd.workspaceId, cmd.pageId, true);
    if (cmd.expectedUpdatedAt) page.assertFresh(cmd.expectedUpdatedAt);
    const loaded = page.stamp;
    const now = this.clock.now();
    if (cmd.startsAt) page.schedulePublish(cmd.startsAt, now);
    else page.publish(now);
    const view = await this.save(page, loaded);
    return { page: view, scheduled_for: cmd.startsAt ? cmd.startsAt.toISOString() : null };
  }
}
