import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { OwnTransactions } from '../../../../platform/cqrs/transactional.js';
import { FileCopier, type FileCopy } from '../../ports/file.ports.js';
import { ListStoredFilesQuery, type StoredFileView } from '../../queries/list-stored-files/list-stored-files.query.js';
import { MigrateFilesCommand, type MigrationSummary } from './migrate-files.command.js';

/** Rows read per page of the walk. */
const BATCH = 200;
/** Files copied at once: enough to keep a remote store busy, few enough for one process's sockets and memory. */
const PARALLEL = 4;

@CommandHandler(MigrateFilesCommand)
@OwnTransactions('reads the files in pages of short reads and copies bytes between stores; writes nothing to the database')
export class MigrateFilesHandler implements ICommandHandler<MigrateFilesCommand, MigrationSummary> {
  constructor(
    private readonly queries: QueryBus,
    private readonly copier: FileCopier,
  ) {}

  async execute(cmd: MigrateFilesCommand): Promise<MigrationSummary> {
    const summary: MigrationSummary = { copied: 0, already_there: 0, missing_locally: 0, failed: 0, bytes_copied: 0 };
    const say = cmd.progress;
    const copy = await this.copier.to(cmd.target);
    try {
      await copy.check();
      say(`files migrate: copying to bucket ${cmd.target.bucket}`);
      let after: StoredFileView | undefined;
      let seen = 0;
      for (;;) {
        const batch = await this.queries.execute(new ListStoredFilesQuery(after, BATCH));
        if (batch.length === 0) break;
        await inParallel(batch, PARALLEL, (file) => this.copyOne(copy, file, summary, say));
        seen += batch.length;
        after = batch.at(-1);
        say(
          `files migrate: ${seen} files looked at: ${summary.copied} copied (${summary.bytes_copied} bytes), ` +
            `${summary.already_there} already there, ${summary.missing_locally} missing locally, ${summary.failed} failed`,
        );
      }
    } finally {
      copy.close();
    }
    return summary;
  }

  private async copyOne(copy: FileCopy, file: StoredFileView, summary: MigrationSummary, say: (line: string) => void): Promise<void> {
    const outcome = await copy.copy(file.storageKey, file.sizeBytes).catch((err: unknown) => ({
      kind: 'failed' as const,
      reason: err instanceof Error ? err.message : String(err),
    }));
    switch (outcome.kind) {
      case 'copied':
        summary.copied += 1;
        summary.bytes_copied += outcome.bytes;
        return;
      case 'already_there':
        summary.already_there += 1;
        if (outcome.onlyThere) say(`files migrate: ${file.storageKey}: not in the local directory, but in the bucket already`);
        return;
      case 'missing_locally':
        summary.missing_locally += 1;
        say(`files migrate: ${file.storageKey}: missing: neither in the local directory nor in the bucket`);
        return;
      case 'failed':
        summary.failed += 1;
        say(`files migrate: ${file.storageKey}: FAILED: ${outcome.reason}`);
        return;
    }
  }
}

/** Runs `work` on every item, at most `width` at once. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
