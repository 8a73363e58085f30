import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { Janitor } from '../platform/workers/janitor.js';
import { FileRepository, FileStorage } from './application/ports/file.ports.js';
import { LocalDirectoryStorage } from './infrastructure/local-directory.storage.js';
import type { S3ObjectStorage } from './infrastructure/s3-object.storage.js';
import { SqlFileRepository } from './infrastructure/sql-file.repository.js';
import { StagedUploadsSweep } from './infrastructure/staged-uploads.sweep.js';

/**
 * The store FILE_STORAGE names (docs/adr/0064). The AWS SDK is loaded only for `s3`: a worker process on `local` does
 * without its memory (about 35 MB of RSS; docs/adr/0040).
 */
async function fileStorageOf(config: AppConfig): Promise<FileStorage> {
  if (config.fileStorage.kind !== 's3') return new LocalDirectoryStorage(config.fileStorageDir);
  const { S3ObjectStorage } = await import('./infrastructure/s3-object.storage.js');
  return new S3ObjectStorage(config.fileStorage);
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
    if ('close' in this.storage) (this.storage as S3ObjectStorage).close();
  }
}
