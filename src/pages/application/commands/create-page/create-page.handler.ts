import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { Page } from '../../../domain/page.js';
import { checkSlug } from '../../../domain/page.rules.js';
import { baseSlug } from '../../base-slug.js';
import { pageView, type PageView } from '../../page.views.js';
import { FileDirectory, PageRepository } from '../../ports/page.ports.js';
import { CreatePageCommand } from './create-page.command.js';

@CommandHandler(CreatePageCommand)
@Transactional()
export class CreatePageHandler implements ICommandHandler<CreatePageCommand, PageView> {
  constructor(
    private readonly pages: PageRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FileDirectory,
  ) {}

  async execute(cmd: CreatePageCommand): Promise<PageView> {
    const id = this.ids.next('pg');
    const now = this.clock.now();
    const avatar = cmd.avatarFileId === undefined ? undefined : { candidate: await this.files.byId(cmd.workspaceId, cmd.avatarFileId) };
    const create = (slug: string) =>
      Page.create({
        id,
        workspaceId: cmd.workspaceId,
        title: cmd.title,
        description: cmd.description,
        locale: cmd.locale,
        themePresetKey: cmd.themePresetKey,
        avatar,
        slug,
        now,
      });
    // A chosen slug is that slug or slug_taken; without one, the title's first free variant.
    const page =
      cmd.slug === undefined
        ? await this.pages.insertWithFreeSlug(baseSlug(cmd.title), create)
        : await this.pages.insertWithSlug(checkSlug(cmd.slug), create);
    return pageView(page.snapshot(), this.config.publicSiteUrl);
  }
}
