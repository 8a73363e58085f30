import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { labelOf } from '../../../domain/block-kinds.js';
import { PageRepository } from '../../ports/page.ports.js';
import { GetLivePageQuery } from './get-live-page.query.js';
import type { LivePageView } from './get-live-page.view.js';

/** The published snapshot's enabled blocks, with their labels; a slug that cannot be a page's is null at once. */
@QueryHandler(GetLivePageQuery)
export class GetLivePageHandler implements IQueryHandler<GetLivePageQuery, LivePageView | null> {
  constructor(private readonly pages: PageRepository) {}

  async execute(q: GetLivePageQuery): Promise<LivePageView | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(q.slug)) return null;
    const page = await this.pages.liveBySlug(q.slug);
    if (!page) return null;
    const s = page.snapshot();
    return {
      id: s.id,
      workspaceId: s.workspaceId,
      slug: s.slug,
      title: s.title,
      description: s.description,
      locale: s.locale,
      theme: s.theme,
      blocks: (s.liveBlocks ?? [])
        .filter((b) => b.enabled)
        .map((b) => ({
          id: b.id,
          kind: b.kind,
          data: { ...b.data },
          fileUrl: b.fileUrl,
          fileName: b.fileName,
          label: labelOf(b.kind, b.data, b.fileName),
        })),
    };
  }
}
