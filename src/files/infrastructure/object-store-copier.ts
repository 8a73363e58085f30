import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import type { S3Settings } from '../../platform/config/config-sections.js';
import { FileCopier, type FileCopy } from '../application/ports/file.ports.js';
import { LocalDirectoryStorage } from './local-directory.storage.js';

/**
 * Copies from FILE_STORAGE_DIR to a bucket (`files migrate --to s3`, docs/adr/0064), with the official SDK's client
 * for the bucket's settings. Local files are only read, twice at most: once for their size and SHA-256, once as the
 * PutObject's body. An object of the same size whose `sha256` metadata (or, without it, whose bytes) match is left
 * alone, so a run that stopped is run again; an object copied is read back and must have the same size and hash, or
 * it is deleted (it would pass for a copy next time) and the file counts as failed.
 */
@Injectable()
export class LocalToObjectStoreCopier extends FileCopier {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  /** The AWS SDK is loaded here, when a copy is asked for, not with the module (docs/adr/0064). */
  async to(target: S3Settings): Promise<FileCopy> {
    const [{ ObjectStoreCopy }, { s3ClientOf }] = await Promise.all([import('./object-store-copy.js'), import('./s3-object.storage.js')]);
    return new ObjectStoreCopy(new LocalDirectoryStorage(this.config.fileStorageDir), s3ClientOf(target), target.bucket);
  }
}
