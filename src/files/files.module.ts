import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { AddFileHandler } from './application/commands/add-file/add-file.handler.js';
import { FileRepository, FileStorage } from './application/ports/file.ports.js';
import { GetWorkspaceFileHandler } from './application/queries/get-workspace-file/get-workspace-file.handler.js';
import { ListFilesHandler } from './application/queries/list-files/list-files.handler.js';
import { OpenPublicFileHandler } from './application/queries/open-public-file/open-public-file.handler.js';
import { ResolveWorkspaceFileHandler } from './application/queries/resolve-workspace-file/resolve-workspace-file.handler.js';
import { LocalDirectoryStorage } from './infrastructure/local-directory.storage.js';
import { SqlFileRepository } from './infrastructure/sql-file.repository.js';
import { FilesController, PublicFilesController } from './interface/http/files.controller.js';

/** Workspace files: records in PostgreSQL, bytes behind the FileStorage port. */
@Module({
  controllers: [FilesController, PublicFilesController],
  providers: [
    AddFileHandler,
    ListFilesHandler,
    ResolveWorkspaceFileHandler,
    GetWorkspaceFileHandler,
    OpenPublicFileHandler,
    { provide: FileRepository, useClass: SqlFileRepository },
    { provide: FileStorage, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new LocalDirectoryStorage(c.fileStorageDir) },
  ],
})
export class FilesModule {}
