import { Command } from '@nestjs/cqrs';
import type { PreviewLinkView } from './preview-link.view.js';

/** Makes a signed link to the page's current draft, valid `expiresIn` seconds (the default when undefined). */
export class CreatePreviewLinkCommand extends Command<PreviewLinkView> {
  constructor(
    readonly workspaceId: string,
    readonly pageId: string,
    readonly expiresIn: number | undefined,
  ) {
    super();
  }
}
