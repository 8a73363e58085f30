import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { SourceDirectory } from '../audience/application/ports/audience.ports.js';
import { FilesModule } from '../files/files.module.js';
import {
  AddBlockHandler,
  ArchivePageHandler,
  CreatePageHandler,
  PublishPageHandler,
  RemoveBlockHandler,
  UpdatePageHandler,
} from './application/page-commands.js';
import { GetPageHandler, ListPagesHandler } from './application/page-queries.js';
import { FileDirectory, PageRepository } from './application/ports/page.ports.js';
import { PublishScheduler } from './application/publish-scheduler.js';
import { PageSourceDirectory, WorkspaceFileDirectory } from './infrastructure/directories.js';
import { SqlPageRepository } from './infrastructure/sql-page.repository.js';
import { PagesController, StaleBeforeInvalid } from './interface/http/pages.controller.js';

/** Pages: the Page aggregate, its seven operations plus archive, and the publish scheduler. */
@Module({
  imports: [AccessModule, FilesModule],
  controllers: [PagesController],
  providers: [
    CreatePageHandler,
    UpdatePageHandler,
    AddBlockHandler,
    RemoveBlockHandler,
    PublishPageHandler,
    ArchivePageHandler,
    GetPageHandler,
    ListPagesHandler,
    PublishScheduler,
    StaleBeforeInvalid,
    { provide: PageRepository, useClass: SqlPageRepository },
    { provide: FileDirectory, useClass: WorkspaceFileDirectory },
    { provide: SourceDirectory, useClass: PageSourceDirectory },
  ],
  exports: [PageRepository, SourceDirectory],
})
export class PagesModule {}
