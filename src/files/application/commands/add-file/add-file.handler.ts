import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { GetWorkspaceQuery } from '../../../../access/index.js';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { OwnTransactions, Transactions } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Clock } from '../../../../platform/time/clock.js';
import { IdGenerator } from '../../../../platform/time/ids.js';
import { admitToStorageQuota } from '../../../domain/upload-rules.js';
import { WorkspaceFile } from '../../../domain/workspace-file.js';
import { fileView, type FileView } from '../../file.view.js';
import { FileRepository, FileStorage } from '../../ports/file.ports.js';
import { AddFileCommand } from './add-file.command.js';

/**
 * Stores the bytes first, then the record: a record never points at missing bytes. If the record
 * cannot be written (the workspace's storage quota included, checked under its lock as uploads check it), the
 * stored bytes are removed again.
 */
@CommandHandler(AddFileCommand)
@OwnTransactions('writes the bytes to file storage first, holding no connection, then inserts the row')
export class AddFileHandler implements ICommandHandler<AddFileCommand, FileView> {
  constructor(
    private readonly queries: QueryBus,
    private readonly files: FileRepository,
    private readonly storage: FileStorage,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: AddFileCommand): Promise<FileView> {
    if (!(await this.queries.execute(new GetWorkspaceQuery(cmd.workspaceId)))) throw new NotFoundError('workspace');
    const file = WorkspaceFile.add({
      id: this.ids.next('file'),
      workspaceId: cmd.workspaceId,
      name: cmd.name,
      mimeType: cmd.mimeType,
      sizeBytes: cmd.bytes.length,
      now: this.clock.now(),
    });
    await this.storage.put(file.state.storageKey, cmd.bytes);
    try {
      await this.transactions.run(async () => {
        admitToStorageQuota(await this.files.lockStorageUse(cmd.workspaceId), cmd.bytes.length, this.config.files.storageQuotaBytes);
        await this.files.add(file);
      });
    } catch (err) {
      await this.storage.remove(file.state.storageKey).catch(() => undefined);
      throw err;
    }
    return fileView(file.state);
  }
}
