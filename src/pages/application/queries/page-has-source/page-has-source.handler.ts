import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from '../../../../platform/database/query-builder.js';
import { Sql } from '../../../../platform/database/sql.js';
import { pages } from '../../../infrastructure/pages.tables.js';
import { PageHasSourceQuery } from './page-has-source.query.js';

@QueryHandler(PageHasSourceQuery)
export class PageHasSourceHandler implements IQueryHandler<PageHasSourceQuery, boolean> {
  constructor(private readonly db: Sql) {}

  async execute(q: PageHasSourceQuery): Promise<boolean> {
    const row = await this.db.one(
      pages
        .selectFrom('pages')
        .select(
          sql<boolean>`(${q.blockId}::text IS NULL
            OR EXISTS (SELECT 1 FROM jsonb_array_elements(draft_blocks) b WHERE b->>'id' = ${q.blockId})
            OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(live_blocks, '[]'::jsonb)) b WHERE b->>'id' = ${q.blockId}))`.as('ok'),
        )
        .where('id', '=', q.pageId)
        .where('workspace_id', '=', q.workspaceId),
    );
    return row?.ok === true;
  }
}
