import { Command } from '@nestjs/cqrs';
import type { FileView } from '../../file.view.js';

export class AddFileCommand extends Command<FileView> {
  constructor(
    readonly workspaceId: string,
    readonly name: string,
    readonly mimeType: string,
    readonly bytes: Buffer,
  ) {
    super();
  }
}
