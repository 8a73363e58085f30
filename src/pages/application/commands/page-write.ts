import { Inject, Optional } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/config.js';
import { NotFoundError, ValidationError } from '../../../platform/domain/domain-error.js';
import { Clock } from '../../../platform/time/clock.js';
import type { Page } from '../../domain/page.js';
import { StaleSnapshotError } from '../../domain/page.errors.js';
import { pageView, type PageView } from '../page.views.js';
import { FileDirectory, PageAddresses, PageRepository, withCustomDomain } from '../ports/page.ports.js';

/** Shared steps of every write on an existing page: load, check the stamp, change, compare-and-set save. */
export abstract class PageWriteHandler {
  /** the custom domains' public_url, where that context is loaded (docs/adr/0094) */
  @Optional() @Inject(PageAddresses) protected readonly addresses?: PageAddresses;

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
    const [view] = await withCustomDomain(this.addresses, page.snapshot().workspaceId, [
      pageView(page.snapshot(), this.config.publicSiteUrl),
    ]);
    return view!;
  }
}

/** A carousel's extra images must be files of the workspace too (on add and on `block_updates`). */
export async function checkCarouselImages(files: FileDirectory, workspaceId: string, images: unknown, pointer: string): Promise<void> {
  if (!Array.isArray(images)) return;
  for (const [i, path] of images.entries()) {
    if (typeof path === 'string' && !(await files.resolve(workspaceId, path))) {
      throw ValidationError.field(`${pointer}/${i}`, 'each image must be the public_path of a file of this workspace');
    }
  }
}
