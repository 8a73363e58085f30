import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { Clock } from '../../../../platform/time/clock.js';
import { PageArchivedError } from '../../../domain/page.errors.js';
import { previewClaims } from '../../../domain/preview-link.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PreviewTokens } from '../../preview-tokens.js';
import { CreatePreviewLinkCommand } from './create-preview-link.command.js';
import type { PreviewLinkView } from './preview-link.view.js';

/** The path preview links are served at, on the live site's origin (not under its page path). */
export const PREVIEW_PATH = '/preview/';

/**
 * Signs a preview link to the page's draft (docs/adr/0043). Nothing is stored: the token carries the page, the
 * workspace, the page's preview epoch (docs/adr/0062) and the expiry, and the draft is read when the link is opened,
 * so it always shows the newest draft.
 * An archived page gets 409 page_archived: its link would only open the not-found page.
 */
@CommandHandler(CreatePreviewLinkCommand)
@Transactional()
export class CreatePreviewLinkHandler implements ICommandHandler<CreatePreviewLinkCommand, PreviewLinkView> {
  private readonly origin: string;

  constructor(
    private readonly pages: PageRepository,
    private readonly tokens: PreviewTokens,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origin = new URL(config.publicSiteUrl).origin;
  }

  async execute(cmd: CreatePreviewLinkCommand): Promise<PreviewLinkView> {
    // Locked, so that a revocation or an archive running meanwhile is either wholly before this link (it carries the new
    // epoch and works) or wholly after it (it ends it): never a link that is dead when its 201 arrives after their 204.
    const page = await this.pages.byId(cmd.workspaceId, cmd.pageId, { lock: true });
    if (!page) throw new NotFoundError('page');
    const s = page.snapshot();
    if (s.status === 'ARCHIVED') throw new PageArchivedError();
    const claims = previewClaims(cmd.pageId, cmd.workspaceId, s.previewEpoch, this.clock.now(), cmd.expiresIn);
    return {
      object: 'preview_link',
      page_id: cmd.pageId,
      url: `${this.origin}${PREVIEW_PATH}${this.tokens.issue(claims)}`,
      expires_at: claims.expiresAt.toISOString(),
    };
  }
}
