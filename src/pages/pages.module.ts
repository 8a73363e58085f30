import { Module } from '@nestjs/common';
import { AddBlockHandler } from './application/commands/add-block/add-block.handler.js';
import { ArchivePageHandler } from './application/commands/archive-page/archive-page.handler.js';
import { CancelScheduleHandler } from './application/commands/cancel-schedule/cancel-schedule.handler.js';
import { CreatePageHandler } from './application/commands/create-page/create-page.handler.js';
import { CreatePreviewLinkHandler } from './application/commands/create-preview-link/create-preview-link.handler.js';
import { RemoveBlockHandler } from './application/commands/remove-block/remove-block.handler.js';
import { RevokePreviewLinksHandler } from './application/commands/revoke-preview-links/revoke-preview-links.handler.js';
import { UpdatePageHandler } from './application/commands/update-page/update-page.handler.js';
import { FileDirectory } from './application/ports/page.ports.js';
import { GetDraftPreviewHandler } from './application/queries/get-draft-preview/get-draft-preview.handler.js';
import { GetLivePageHandler } from './application/queries/get-live-page/get-live-page.handler.js';
import { GetMovedSlugHandler } from './application/queries/get-moved-slug/get-moved-slug.handler.js';
import { GetPageTitlesHandler } from './application/queries/get-page-titles/get-page-titles.handler.js';
import { GetPageHandler } from './application/queries/get-page/get-page.handler.js';
import { ListPagesHandler } from './application/queries/list-pages/list-pages.handler.js';
import { PageHasSourceHandler } from './application/queries/page-has-source/page-has-source.handler.js';
import { WorkspaceFileDirectory } from './infrastructure/workspace-file.directory.js';
import { PagesController } from './interface/http/pages.controller.js';
import { PagePublishingController } from './interface/http/page-publishing.controller.js';
import { StaleBeforeInvalid } from './interface/http/stale-before-invalid.js';
import { AddBlockRules, CreatePageRules, UpdatePageRules } from './interface/http/page-body-rules.js';
import { PageSchedulingModule } from './page-scheduling.module.js';
import { PreviewTokens } from './application/preview-tokens.js';
import { Keyring } from '../platform/config/keyring.js';

/**
 * Pages: the Page aggregate, its seven operations plus archive, preview links and calling a schedule off, and the queries other contexts
 * ask, on top of the publish scheduler's module (PageSchedulingModule), which the worker process loads alone.
 */
@Module({
  imports: [PageSchedulingModule],
  controllers: [PagesController, PagePublishingController],
  providers: [
    CreatePageHandler,
    UpdatePageHandler,
    AddBlockHandler,
    RemoveBlockHandler,
    ArchivePageHandler,
    CancelScheduleHandler,
    CreatePreviewLinkHandler,
    RevokePreviewLinksHandler,
    GetPageHandler,
    ListPagesHandler,
    GetLivePageHandler,
    GetDraftPreviewHandler,
    GetMovedSlugHandler,
    PageHasSourceHandler,
    GetPageTitlesHandler,
    StaleBeforeInvalid,
    CreatePageRules,
    UpdatePageRules,
    AddBlockRules,
    { provide: FileDirectory, useClass: WorkspaceFileDirectory },
    // Preview links are signed under their own derived key, and still read under the keys being retired (docs/adr/0043).
    { provide: PreviewTokens, inject: [Keyring], useFactory: (k: Keyring) => new PreviewTokens(k.deriveAll('preview-links')) },
  ],
})
export class PagesModule {}
