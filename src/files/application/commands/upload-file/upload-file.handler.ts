import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Transactional, Transactions } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { admitToStorageQuota } from '../../../domain/upload-rules.js';
import { WorkspaceFile } from '../../../domain/workspace-file.js';
import { fileView, type FileView } from '../../file.view.js';
import { FileRepository, FileStorage } from '../../ports/file.ports.js';
import { UploadFileCommand } from './upload-file.command.js';

/**
 * The record of an upload, under the workspace's storage lock (so concurrent uploads check the quota one after
 * the other), then its staged bytes moved to their key once the record committed: a record is only served
 * once committed, and a rollback leaves the bytes staged for the caller to discard. A crash between the commit
 * and the move leaves them staged with a record, which the staged-uploads sweep moves into place.
 */
@CommandHandler(UploadFileCommand)
@Transactional()
export class UploadFileHandler implements ICommandHandler<UploadFileCommand, FileView> {
  private readonly logger = new Logger('UploadFile');

  constructor(
    private readonly files: FileRepository,
    private readonly storage: FileStorage,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: UploadFileCommand): Promise<FileView> {
    const file = WorkspaceFile.add({
      id: cmd.stagedId,
      workspaceId: cmd.workspaceId,
      name: cmd.name,
      mimeType: cmd.mimeType,
      sizeBytes: cmd.sizeBytes,
      now: this.clock.now(),
    });
    admitToStorageQuota(await this.files.lockStorageUse(cmd.workspaceId), cmd.sizeBytes, this.config.files.storageQuotaBytes);
    await this.files.add(file);
    const { id, storageKey } = file.state;
    await this.transactions.afterCommit(async () => {
      try {
        await this.storage.promote(id, storageKey);
      } catch (err) {
        // The record committed: its bytes stay staged, and the sweep moves them into place (ADR 0045).
        this.logger.error({ err, file: id }, 'An uploaded file could not be moved into place; the staged-uploads sweep will');
      }
    });
    return fileView(file.state);
  }
}
