import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { Janitor } from '../platform/workers/janitor.js';
import { FileRepository, FileStorage } from './application/ports/file.ports.js';
import { LocalDirectoryStorage } from './infrastructure/local-directory.storage.js';
import { S3ObjectStorage } from './infrastructure/s3-object.storage.js';
import { SqlFileRepository } from './infrastructure/sql-file.repository.js';
import { StagedUploadsSweep } from './infrastructure/staged-uploads.sweep.js';

/** The store FILE_STORAGE names (docs/adr/0064). */
function fileStorageOf(config: AppConfig): FileStorage {
  return config.fileStorage.kind === 's3' ? new S3ObjectStorage(config.fileStorage) : new LocalDirectoryStorage(config.fileStorageDir);
}

/**
 * Where file bytes are kept, the file records, and the janitor's staged-uploads sweep (docs/adr/0045, 0064). FilesModule
 * builds on it; the worker process loads it without the HTTP side (docs/adr/0040), so that the janitor of a worker-only
 * process (`npm run worker`, the compose workers) sweeps the store too.
 */
@Module({
  providers: [
    StagedUploadsSweep,
    { provide: FileRepository, useClass: SqlFileRepository },
    { provide: FileStorage, inject: [APP_CONFIG], useFactory: fileStorageOf },
  ],
  exports: [StagedUploadsSweep, FileRepository, FileStorage],
})
export class FileStorageModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly janitor: Janitor,
    private readonly sweep: StagedUploadsSweep,
    private readonly storage: FileStorage,
  ) {}

  onModuleInit(): void {
    this.janitor.add(this.sweep);
  }

  onModuleDestroy(): void {
    if (this.storage instanceof S3ObjectStorage) this.storage.close();
  }
}
