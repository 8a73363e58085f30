import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { PageView } from '../../page.views.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PageWriteHandler } from '../page-write.js';
import { CancelScheduleCommand } from './cancel-schedule.command.js';

/**
 * Calls off a pending scheduled publish (docs/adr/0070). The page's row is locked first, the lock the scheduler's
 * claim (`FOR UPDATE SKIP LOCKED`) skips: either the scheduler holds it and publishes, and this then reads the
 * page with nothing scheduled (404), or this holds it, and the scheduler passes the row by and finds it no longer
 * due. Another workspace's or an unknown page is 404 too.
 */
@CommandHandler(CancelScheduleCommand)
@Transactional()
export class CancelScheduleHandler extends PageWriteHandler implements ICommandHandler<CancelScheduleCommand, PageView> {
  constructor(pages: PageRepository, clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    super(pages, clock, config);
  }

  async execute(cmd: CancelScheduleCommand): Promise<PageView> {
    const page = await this.load(cmd.workspaceId, cmd.pageId, true);
    const loaded = page.stamp;
    page.cancelSchedule(this.clock.now());
    return this.save(page, loaded);
  }
}
