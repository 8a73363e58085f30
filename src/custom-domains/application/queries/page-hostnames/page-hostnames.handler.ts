import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { customDomains } from '../../../infrastructure/custom-domains.tables.js';
import { PageHostnamesQuery } from './page-hostnames.query.js';

/** A page with two verified domains is given the first claimed. */
@QueryHandler(PageHostnamesQuery)
export class PageHostnamesHandler implements IQueryHandler<PageHostnamesQuery, Map<string, string>> {
  constructor(private readonly db: Sql) {}

  async execute(q: PageHostnamesQuery): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (q.pageIds.length === 0) return out;
    const rows = await this.db.all(
      customDomains
        .selectFrom('custom_domains')
        .select(['page_id', 'hostname'])
        .where('workspace_id', '=', q.workspaceId)
        .where('status', '=', 'verified')
        .where('page_id', 'in', [...new Set(q.pageIds)])
        .orderBy('created_at')
        .orderBy('id'),
    );
    for (const r of rows) if (!out.has(r.page_id)) out.set(r.page_id, r.hostname);
    return out;
  }
}
