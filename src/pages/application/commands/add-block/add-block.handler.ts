import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { ValidationError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import type { ResolvedFile } from '../../../domain/page.js';
import type { PageView } from '../../page.views.js';
import { FileDirectory, PageRepository } from '../../ports/page.ports.js';
import { checkCarouselImages, PageWriteHandler } from '../page-write.js';
import { AddBlockCommand } from './add-block.command.js';

@CommandHandler(AddBlockCommand)
@Transactional()
export class AddBlockHandler extends PageWriteHandler implements ICommandHandler<AddBlockCommand, PageView> {
  constructor(
    pages: PageRepository,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly files: FileDirectory,
    private readonly ids: IdGenerator,
  ) {
    super(pages, clock, config);
  }

  async execute(cmd: AddBlockCommand): Promise<PageView> {
    const page = await this.load(cmd.workspaceId, cmd.pageId);
    page.assertFresh(cmd.expectedUpdatedAt);
    let file: ResolvedFile | null = null;
    if (cmd.fileUrl !== undefined) {
      file = await this.files.resolve(cmd.workspaceId, cmd.fileUrl);
      if (!file) throw ValidationError.field('/file_url', 'file_url must be the public_path of a file of this workspace');
    }
    if (cmd.kind === 'CAROUSEL') await checkCarouselImages(this.files, cmd.workspaceId, cmd.data?.images, '/data/images');
    page.addBlock({ id: this.ids.next('blk'), kind: cmd.kind, data: cmd.data, file, fileName: cmd.fileName }, this.clock.now());
    return this.save(page, cmd.expectedUpdatedAt);
  }
}
