import { Module } from '@nestjs/common';
import { AddBlockHandler } from './application/commands/add-block/add-block.handler.js';
import { ArchivePageHandler } from './application/commands/archive-page/archive-page.handler.js';
import { CreatePageHandler } from './application/commands/create-page/create-page.handler.js';
import { RemoveBlockHandler } from './application/commands/remove-block/remove-block.handler.js';
import { UpdatePageHandler } from './application/commands/update-page/update-page.handler.js';
import { FileDirectory } from './application/ports/page.ports.js';
import { GetLivePageHandler } from './application/queries/get-live-page/get-live-page.handler.js';
import { GetPageTitlesHandler } from './application/queries/get-page-titles/get-page-titles.handler.js';
import { GetPageHandler } from './application/queries/get-page/get-page.handler.js';
import { ListPagesHandler } from './application/queries/list-pages/list-pages.handler.js';
import { PageHasSourceHandler } from './application/queries/page-has-source/page-has-source.handler.js';
import { WorkspaceFileDirectory } from './infrastructure/workspace-file.directory.js';
import { PagesController, StaleBeforeInvalid } from './interface/http/pages.controller.js';
import { PageSchedulingModule } from './page-scheduling.module.js';

/**
 * Pages: the Page aggregate, its seven operations plus archive, and the queries other contexts ask, on top of the
 * publish scheduler's module (PageSchedulingModule), which the worker process loads alone.
 */
@Module({
  imports: [PageSchedulingModule],
  controllers: [PagesController],
  providers: [
    CreatePageHandler,
    UpdatePageHandler,
    AddBlockHandler,
    RemoveBlockHandler,
    ArchivePageHandler,
    GetPageHandler,
    ListPagesHandler,
    GetLivePageHandler,
    PageHasSourceHandler,
    GetPageTitlesHandler,
    StaleBeforeInvalid,
    { provide: FileDirectory, useClass: WorkspaceFileDirectory },
  ],
})
export class PagesModule {}
