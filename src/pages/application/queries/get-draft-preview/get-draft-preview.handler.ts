import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../platform/time/clock.js';
import { PageRepository } from '../../ports/page.ports.js';
import { PreviewTokens } from '../../preview-tokens.js';
import { livePageView, type LivePageView } from '../get-live-page/get-live-page.view.js';
import { GetDraftPreviewQuery } from './get-draft-preview.query.js';

/**
 * Opens a preview link (docs/adr/0043): the token is checked first (length and shape, expiry, then its MAC), and
 * only a valid one reads the page, by the workspace and page it names. The draft's enabled blocks are shown with
 * the page-wide fields, as a publish would make them live.
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
    if (s.status === 'ARCHIVED') return null;
    return livePageView(s, s.draftBlocks);
  }
}
