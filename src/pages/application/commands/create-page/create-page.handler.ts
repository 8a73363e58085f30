import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { Page } from '../../../domain/page.js';
import { baseSlug } from '../../base-slug.js';
import { pageView, type PageView } from '../../page.views.js';
import { PageRepository } from '../../ports/page.ports.js';
import { CreatePageCommand } from './create-page.command.js';

@CommandHandler(CreatePageCommand)
@Transactional()
export class CreatePageHandler implements ICommandHandler<CreatePageCommand, PageView> {
  constructor(
    private readonly pages: PageRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: CreatePageCommand): Promise<PageView> {
    const id = this.ids.next('pg');
    const now = this.clock.now();
    const create = (slug: string) =>
      Page.create({
        id,
        workspaceId: cmd.workspaceId,
        title: cmd.title,
        description: cmd.description,
        locale: cmd.locale,
        themePresetKey: cmd.themePresetKey,
        slug,
        now,
      });
    const page = await this.pages.insertWithFreeSlug(baseSlug(cmd.title), create);
    return pageView(page.snapshot(), this.config.publicSiteUrl);
  }
}
