import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { NotFoundError, ValidationError } from '../../platform/domain/domain-error.js';
import { Transactional } from '../../platform/cqrs/transactional.js';
import { Clock } from '../../platform/time/clock.js';
import { IdGenerator } from '../../platform/time/ids.js';
import { Page, type PageEdit, type ResolvedFile } from '../domain/page.js';
import { StaleSnapshotError } from '../domain/page.errors.js';
import { baseSlug } from '../domain/slug.js';
import { pageView, type PageView } from './page.views.js';
import { FileDirectory, PageRepository } from './ports/page.ports.js';

/** Shared steps of every write on an existing page: load, check the stamp, change, compare-and-set save. */
abstract class PageWriteHandler {
  constructor(
    protected readonly pages: PageRepository,
    protected readonly clock: Clock,
    protected readonly config: AppConfig,
  ) {}

  protected async load(workspaceId: string, pageId: string, lock = false): Promise<Page> {
    const page = await this.pages.byId(workspaceId, pageId, { lock });
    if (!page) throw new NotFoundError('page');
    return page;
  }

  /** Saves; a concurrent writer that committed first turns this into stale_snapshot. */
  protected async save(page: Page, loadedStamp: Date): Promise<PageView> {
    if (!(await this.pages.update(page, loadedStamp))) throw new StaleSnapshotError();
    return pageView(page.snapshot(), this.config.publicSiteUrl);
  }
}

export class CreatePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly title: string,
    readonly description?: string,
    readonly locale?: string,
    readonly themePresetKey?: string,
  ) {
    super();
  }
}

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
      Page.create({ id, workspaceId: cmd.workspaceId, title: cmd.title, description: cmd.description, locale: cmd.locale, themePresetKey: cmd.themePresetKey, slug, now });
    const page = await this.pages.insertWithFreeSlug(baseSlug(cmd.title), create);
    return pageView(page.snapshot(), this.config.publicSiteUrl);
  }
}

export class UpdatePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly expectedUpdatedAt: Date,
    readonly edit: PageEdit,
  ) {
    super();
  }
}

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
    const carousels = new Set(page.snapshot().draftBlocks.filter((b) => b.kind === 'CAROUSEL').map((b) => b.id));
    for (const [i, u] of (cmd.edit.blockUpdates ?? []).entries()) {
      if (carousels.has(u.blockId)) await checkCarouselImages(this.files, cmd.workspaceId, u.data?.images, `/block_updates/${i}/data/images`);
    }
    page.edit(cmd.edit, this.clock.now());
    return this.save(page, cmd.expectedUpdatedAt);
  }
}

export class AddBlockCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly expectedUpdatedAt: Date,
    readonly kind: string,
    readonly data: Record<string, unknown> | undefined,
    readonly fileUrl: string | undefined,
    readonly fileName: string | undefined,
  ) {
    super();
  }
}

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

/** A carousel's extra images must be files of the workspace too (on add and on `block_updates`). */
async function checkCarouselImages(files: FileDirectory, workspaceId: string, images: unknown, pointer: string): Promise<void> {
  if (!Array.isArray(images)) return;
  for (const [i, path] of images.entries()) {
    if (typeof path === 'string' && !(await files.resolve(workspaceId, path))) {
      throw ValidationError.field(`${pointer}/${i}`, 'each image must be the public_path of a file of this workspace');
    }
  }
}

export class RemoveBlockCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly blockId: string,
    readonly expectedUpdatedAt: Date,
  ) {
    super();
  }
}

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

export class PublishPageCommand extends Command<{ page: PageView; scheduled_for: string | null }> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly startsAt: Date | undefined,
  ) {
    super();
  }
}

/** Publishes now (live snapshot + page.published outbox row, one transaction) or schedules; the scheduler sends it too. */
@CommandHandler(PublishPageCommand)
@Transactional()
export class PublishPageHandler extends PageWriteHandler implements ICommandHandler<PublishPageCommand, { page: PageView; scheduled_for: string | null }> {
  constructor(
    pages: PageRepository,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(pages, clock, config);
  }

  async execute(cmd: PublishPageCommand): Promise<{ page: PageView; scheduled_for: string | null }> {
    const page = await this.load(cmd.workspaceId, cmd.pageId, true);
    const loaded = page.stamp;
    const now = this.clock.now();
    if (cmd.startsAt) page.schedulePublish(cmd.startsAt, now);
    else page.publish(now);
    const view = await this.save(page, loaded);
    return { page: view, scheduled_for: cmd.startsAt ? cmd.startsAt.toISOString() : null };
  }
}

export class ArchivePageCommand extends Command<PageView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
  ) {
    super();
  }
}

@CommandHandler(ArchivePageCommand)
@Transactional()
export class ArchivePageHandler extends PageWriteHandler implements ICommandHandler<ArchivePageCommand, PageView> {
  constructor(pages: PageRepository, clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    super(pages, clock, config);
  }

  async execute(cmd: ArchivePageCommand): Promise<PageView> {
    const page = await this.load(cmd.workspaceId, cmd.pageId, true);
    const loaded = page.stamp;
    page.archive(this.clock.now());
    return this.save(page, loaded);
  }
}
