import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/time/clock.js';
import type { RetentionTask } from '../../platform/workers/janitor.js';
import { FileRepository, FileStorage } from '../application/ports/file.ports.js';

/** Staged uploads looked at per sweep, at most (the oldest first). */
const SWEEP_BATCH = 1000;

/**
 * Finishes or removes what a crash left in the file store's staging area (docs/adr/0045). Bytes whose record
 * committed are moved into place (the process stopped between the commit and the move); bytes with no record,
 * staged longer ago than any upload can take (an hour, or ten request time-outs if longer), are deleted. An upload
 * in flight is younger than that, and its bytes have no record yet: it is left alone. An object store's multipart
 * uploads begun as long ago, by a process that died mid-upload, are aborted (docs/adr/0064). Run at start and by the
 * janitor.
 */
@Injectable()
export class StagedUploadsSweep implements RetentionTask {
  readonly name = 'staged uploads';

  constructor(
    private readonly storage: FileStorage,
    private readonly files: FileRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The number of staged uploads moved into place or deleted. */
  async purge(): Promise<number> {
    const abandonedBefore = this.clock.now().getTime() - Math.max(3_600_000, 10 * this.config.requestTimeoutMs);
    let done = await this.storage.abortIncomplete(new Date(abandonedBefore));
    for (const { id, stagedAt } of await this.storage.listStaged(SWEEP_BATCH)) {
      const file = await this.files.byRoutedId(id);
      if (file) await this.storage.promote(id, file.state.storageKey);
      else if (stagedAt.getTime() < abandonedBefore) await this.storage.discard(id);
      else continue;
      done += 1;
    }
    return done;
  }
}
