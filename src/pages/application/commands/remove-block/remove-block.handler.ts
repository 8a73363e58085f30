import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { PageView } from '../../page.views.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PageWriteHandler } from '../page-write.js';
import { RemoveBlockCommand } from './remove-block.command.js';

@CommandHandler(RemoveBlockCommand)
@Transactional()
export class RemoveBlockHandler extends PageWriteHandler implements ICommandHandler<RemoveBlockCommand, PageView> {
  constructor(pages: PageRepository, clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    super(pages, clock, config);
  }

  async execute(cmd: RemoveBlockCommand): Promise<PageView> {
    const page = await this.load(cmd.workspaceId, cmd.pageId);
    page.assertFresh(cmd.expectedUpdatedAt);
    page.removeBlock(cmd.blockId, this.clock.now());
    return this.save(page, cmd.expectedUpdatedAt);
  }
}
