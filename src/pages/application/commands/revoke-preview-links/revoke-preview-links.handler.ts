import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PageWriteHandler } from '../page-write.js';
import { RevokePreviewLinksCommand } from './revoke-preview-links.command.js';

/**
 * Revokes every preview link of a page (docs/adr/0062): the page's preview epoch moves on, and a link opens only
 * under the epoch it was issued with. The row is locked first, so a link being made meanwhile is wholly before the
 * revocation (and ends with it) or wholly after it (and works). The draft and its stamp do not change. Any page
 * of the workspace, archived ones included; another workspace's or an unknown page is 404.
 */
@CommandHandler(RevokePreviewLinksCommand)
@Transactional()
export class RevokePreviewLinksHandler extends PageWriteHandler implements ICommandHandler<RevokePreviewLinksCommand, void> {
  constructor(pages: PageRepository, clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    super(pages, clock, config);
  }

  async execute(cmd: RevokePreviewLinksCommand): Promise<void> {
    const page = await this.load(cmd.workspaceId, cmd.pageId, true);
    const loaded = page.stamp;
    page.revokePreviewLinks();
    await this.save(page, loaded);
  }
}
