import { Command } from '@nestjs/cqrs';
import type { S3Settings } from '../../../../platform/config/config-sections.js';

/** What `files migrate --to s3` did: files by outcome, and the bytes sent. */
export interface MigrationSummary {
  copied: number;
  already_there: number;
  missing_locally: number;
  failed: number;
  bytes_copied: number;
}

/**
 * Copies every file from the local directory (FILE_STORAGE_DIR) to the object store `target` (docs/adr/0064), while
 * the service keeps serving from the local directory: nothing is written to the database or the local side. Files
 * the bucket holds already (same size and SHA-256) are skipped, so a run that stopped is simply run again. `progress`
 * is told what happens, one line at a time.
 */
export class MigrateFilesCommand extends Command<MigrationSummary> {
  constructor(
    readonly target: S3Settings,
    readonly progress: (line: string) => void = () => undefined,
  ) {
    super();
  }
}
