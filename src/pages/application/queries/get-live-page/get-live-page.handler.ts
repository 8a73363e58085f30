import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageRepository } from '../../ports/page.ports.js';
import { GetLivePageQuery } from './get-live-page.query.js';
import { livePageView, type LivePageView } from './get-live-page.view.js';

/** The published snapshot's enabled blocks, with their labels; a slug that cannot be a page's is null at once. */
@QueryHandler(GetLivePageQuery)
export class GetLivePageHandler implements IQueryHandler<GetLivePageQuery, LivePageView | null> {
  constructor(private readonly pages: PageRepository) {}

  async execute(q: GetLivePageQuery): Promise<LivePageView | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(q.slug)) return null;
    const page = await this.pages.liveBySlug(q.slug);
    if (!page) return null;
    const s = page.snapshot();
    return livePageView(s, s.liveBlocks ?? []);
  }
}
