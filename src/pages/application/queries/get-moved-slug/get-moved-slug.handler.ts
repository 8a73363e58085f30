import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../platform/time/clock.js';
import { PageRepository } from '../../ports/page.ports.js';
import { GetMovedSlugQuery } from './get-moved-slug.query.js';
import type { MovedSlugView } from './get-moved-slug.view.js';

@QueryHandler(GetMovedSlugQuery)
export class GetMovedSlugHandler implements IQueryHandler<GetMovedSlugQuery, MovedSlugView | null> {
  constructor(
    private readonly pages: PageRepository,
    private readonly clock: Clock,
  ) {}

  async execute(q: GetMovedSlugQuery): Promise<MovedSlugView | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(q.slug)) return null;
    const moved = await this.pages.movedTo(q.slug, this.clock.now());
    return moved ? { movedTo: moved.slug, until: moved.until } : null;
  }
}
