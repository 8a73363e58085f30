import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { PageHasSourceQuery } from './page-has-source.query.js';

@QueryHandler(PageHasSourceQuery)
export class PageHasSourceHandler implements IQueryHandler<PageHasSourceQuery, boolean> {
  constructor(private readonly sql: Sql) {}

  async execute(q: PageHasSourceQuery): Promise<boolean> {
    const row = await this.sql.one<{ ok: boolean }>(
      `SELECT (?::text IS NULL
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(draft_blocks) b WHERE b->>'id' = ?)
               OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(live_blocks, '[]'::jsonb)) b WHERE b->>'id' = ?)) AS ok
         FROM pages WHERE id = ? AND workspace_id = ?`,
      [q.blockId, q.blockId, q.blockId, q.pageId, q.workspaceId],
    );
    return row?.ok === true;
  }
}
