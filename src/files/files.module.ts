import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { AddFileHandler } from './application/add-file.js';
import { ListFilesHandler } from './application/list-files.js';
import { FileRepository, FileStorage } from './application/ports/file.ports.js';
import { LocalDirectoryStorage } from './infrastructure/local-directory.storage.js';
import { SqlFileRepository } from './infrastructure/sql-file.repository.js';
import { FilesController, PublicFilesController } from './interface/http/files.controller.js';

/** Workspace files: records in PostgreSQL, bytes behind the FileStorage port. */
@Module({
  imports: [AccessModule],
  controllers: [FilesController, PublicFilesController],
  providers: [
    AddFileHandler,
    ListFilesHandler,
    { provide: FileRepository, useClass: SqlFileRepository },
    { provide: FileStorage, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new LocalDirectoryStorage(c.fileStorageDir) },
  ],
  exports: [FileRepository, FileStorage],
})
export class FilesModule {}
