import { Command } from '@nestjs/cqrs';
import type { FileView } from '../../file.view.js';

/**
 * Records an uploaded file whose bytes are already staged (`stagedId`, the id the file gets), and moves the
 * bytes into place once the record has committed (docs/adr/0045). `name` and `mimeType` passed the upload rules.
 */
export class UploadFileCommand extends Command<FileView> {
  constructor(
    readonly workspaceId: string,
    readonly stagedId: string,
    readonly name: string,
    readonly mimeType: string,
    readonly sizeBytes: number,
  ) {
    super();
  }
}
