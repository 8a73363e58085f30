import { Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { Metrics } from '../platform/observability/metrics.js';
import { AddFileHandler } from './application/commands/add-file/add-file.handler.js';
import { MigrateFilesHandler } from './application/commands/migrate-files/migrate-files.handler.js';
import { UploadFileHandler } from './application/commands/upload-file/upload-file.handler.js';
import { FileCopier, FileStorage } from './application/ports/file.ports.js';
import { GetWorkspaceFileHandler } from './application/queries/get-workspace-file/get-workspace-file.handler.js';
import { ListFilesHandler } from './application/queries/list-files/list-files.handler.js';
import { ListStoredFilesHandler } from './application/queries/list-stored-files/list-stored-files.handler.js';
import { OpenPublicFileHandler } from './application/queries/open-public-file/open-public-file.handler.js';
import { ResolveWorkspaceFileHandler } from './application/queries/resolve-workspace-file/resolve-workspace-file.handler.js';
import { LocalToObjectStoreCopier } from './infrastructure/object-store-copier.js';
import type { S3ObjectStorage } from './infrastructure/s3-object.storage.js';
import { StagedUploadsSweep } from './infrastructure/staged-uploads.sweep.js';
import { FilesController } from './interface/http/files.controller.js';
import { PublicDownloads } from './interface/http/public-downloads.js';
import { PublicFilesController } from './interface/http/public-files.controller.js';
import { UploadReader } from './interface/http/upload.reader.js';
import { FileStorageModule } from './file-storage.module.js';

/** Workspace files: records in PostgreSQL, bytes behind the FileStorage port (FileStorageModule). */
@Module({
  imports: [FileStorageModule],
  controllers: [FilesController, PublicFilesController],
  providers: [
    AddFileHandler,
    UploadFileHandler,
    ListFilesHandler,
    ListStoredFilesHandler,
    MigrateFilesHandler,
    ResolveWorkspaceFileHandler,
    GetWorkspaceFileHandler,
    OpenPublicFileHandler,
    UploadReader,
    PublicDownloads,
    { provide: FileCopier, useClass: LocalToObjectStoreCopier },
  ],
})
export class FilesModule implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly sweep: StagedUploadsSweep,
    private readonly storage: FileStorage,
    private readonly metrics: Metrics,
    private readonly downloads: PublicDownloads,
  ) {}

  /** The public downloads' gauge, and the object store's, in processes that serve files. */
  onModuleInit(): void {
    const slots = this.downloads.slots;
    this.metrics.registry.registerMetric(
      new Gauge({
        name: 'file_downloads_in_flight',
        help: 'Public file downloads (/files/…) this process is sending, of FILE_DOWNLOADS_MAX',
        registers: [],
        collect() {
          this.set(slots.inUse);
        },
      }),
    );
    const storage = this.storage;
    if (!isObjectStore(storage)) return;
    const gauges = [
      new Gauge({
        name: 'file_store_part_buffers_in_use',
        help: 'Part buffers (5 MiB) lent to uploads on their way to the object store, of S3_UPLOAD_BUFFERS',
        registers: [],
        collect() {
          this.set(storage.uploadsInFlight);
        },
      }),
      new Gauge({
        name: 'file_store_reads_in_flight',
        help: 'Chunks being read from the object store for downloads, of S3_READ_SOCKETS',
        registers: [],
        collect() {
          this.set(storage.readsInFlight);
        },
      }),
      new Gauge({
        name: 'file_store_unreachable',
        help: '1 while the object store cannot be reached (file requests are answered 503), else 0',
        registers: [],
        collect() {
          this.set(storage.isDown ? 1 : 0);
        },
      }),
    ];
    for (const gauge of gauges) this.metrics.registry.registerMetric(gauge);
  }

  /** What a crash left staged is finished or removed at start too, where no janitor may run (docs/adr/0045). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const done = await this.sweep.purge();
      if (done > 0) this.logger.log({ done }, 'Staged uploads moved into place or removed at start');
    } catch (err) {
      this.logger.warn({ err }, 'Staged uploads could not be swept at start; the janitor retries');
    }
  }
}

/** The object store's own readings (without loading the AWS SDK, which only FILE_STORAGE=s3 does). */
function isObjectStore(storage: FileStorage): storage is S3ObjectStorage {
  return 'uploadsInFlight' in storage && 'readsInFlight' in storage && 'isDown' in storage;
}
