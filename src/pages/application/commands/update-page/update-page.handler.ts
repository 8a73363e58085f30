import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import type { PageView } from '../../page.views.js';
import { FileDirectory, PageRepository } from '../../ports/page.ports.js';
import { checkCarouselImages, PageWriteHandler } from '../page-write.js';
import { UpdatePageCommand } from './update-page.command.js';

@CommandHandler(UpdatePageCommand)
@Transactional()
export class UpdatePageHandler extends PageWriteHandler implements ICommandHandler<UpdatePageCommand, PageView> {
  constructor(
    pages: PageRepository,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly files: FileDirectory,
  ) {
    super(pages, clock, config);
  }

  async execute(cmd: UpdatePageCommand): Promise<PageView> {
    const page = await this.load(cmd.workspaceId, cmd.pageId);
    page.assertFresh(cmd.expectedUpdatedAt);
    const carousels = new Set(
      page
        .snapshot()
        .draftBlocks.filter((b) => b.kind === 'CAROUSEL')
        .map((b) => b.id),
    );
    for (const [i, u] of (cmd.edit.blockUpdates ?? []).entries()) {
      if (carousels.has(u.blockId))
        await checkCarouselImages(this.files, cmd.workspaceId, u.data?.images, `/block_updates/${i}/data/images`);
    }
    const avatar =
      cmd.avatarFileId === undefined
        ? undefined
        : cmd.avatarFileId === null
          ? null
          : { candidate: await this.files.byId(cmd.workspaceId, cmd.avatarFileId) };
    page.edit({ ...cmd.edit, avatar }, this.clock.now());
    return this.save(page, cmd.expectedUpdatedAt);
  }
}
