import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from '../../../../platform/database/query-builder.js';
import { Sql } from '../../../../platform/database/sql.js';
import { pages } from '../../../infrastructure/pages.tables.js';
import { GetPageTitlesQuery } from './get-page-titles.query.js';

@QueryHandler(GetPageTitlesQuery)
export class GetPageTitlesHandler implements IQueryHandler<GetPageTitlesQuery, Map<string, string>> {
  constructor(private readonly db: Sql) {}

  async execute(q: GetPageTitlesQuery): Promise<Map<string, string>> {
    if (q.pageIds.length === 0) return new Map();
    const ids = [...new Set(q.pageIds)];
    const rows = await this.db.all(
      pages
        .selectFrom('pages')
        .select(['id', 'title'])
        .where('workspace_id', '=', q.workspaceId)
        .where((eb) => eb('id', '=', eb.fn.any(sql<string[]>`${ids}::text[]`))),
    );
    return new Map(rows.map((r) => [r.id, r.title]));
  }
}
