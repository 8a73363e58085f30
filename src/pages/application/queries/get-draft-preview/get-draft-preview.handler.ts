import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../platform/time/clock.js';
import { previewOpens } from '../../../domain/preview-link.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PreviewTokens } from '../../preview-tokens.js';
import { livePageView, type LivePageView } from '../get-live-page/get-live-page.view.js';
import { GetDraftPreviewQuery } from './get-draft-preview.query.js';

/**
 * Opens a preview link (docs/adr/0043): the token is checked first (length and shape, expiry, then its MAC), and
 * only a valid one reads the page, by the workspace and page it names. The page is read where it is written (no
 * cache), so an archive or a revocation (docs/adr/0062) ends the link in every process as soon as it commits. The
 * draft's enabled blocks are shown with the page-wide fields, as a publish would make them live.
 */
@QueryHandler(GetDraftPreviewQuery)
export class GetDraftPreviewHandler implements IQueryHandler<GetDraftPreviewQuery, LivePageView | null> {
  constructor(
    private readonly pages: PageRepository,
    private readonly tokens: PreviewTokens,
    private readonly clock: Clock,
  ) {}

  async execute(q: GetDraftPreviewQuery): Promise<LivePageView | null> {
    const claims = this.tokens.read(q.token, this.clock.now());
    if (!claims) return null;
    const page = await this.pages.byId(claims.workspaceId, claims.pageId);
    if (!page) return null;
    const s = page.snapshot();
    if (!previewOpens(claims, s)) return null; // archived, or archived or revoked since the link was issued
    return livePageView(s, s.draftBlocks);
  }
}
