import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { GetPageTitlesQuery } from './get-page-titles.query.js';

@QueryHandler(GetPageTitlesQuery)
export class GetPageTitlesHandler implements IQueryHandler<GetPageTitlesQuery, Map<string, string>> {
  constructor(private readonly sql: Sql) {}

  async execute(q: GetPageTitlesQuery): Promise<Map<string, string>> {
    if (q.pageIds.length === 0) return new Map();
    const rows = await this.sql.all<{ id: string; title: string }>(
      `SELECT id, title FROM pages WHERE workspace_id = ? AND id = ANY(?::text[])`,
      [q.workspaceId, [...new Set(q.pageIds)]],
    );
    return new Map(rows.map((r) => [r.id, r.title]));
  }
}
