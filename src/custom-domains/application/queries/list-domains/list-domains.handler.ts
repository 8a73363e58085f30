import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import { customDomains } from '../../../infrastructure/custom-domains.tables.js';
import { domainFromRow, domainView, type DomainView } from '../../custom-domain.view.js';
import { ListDomainsQuery } from './list-domains.query.js';

/** Newest first, keyset-paginated on (created_at, id). */
@QueryHandler(ListDomainsQuery)
export class ListDomainsHandler implements IQueryHandler<ListDomainsQuery, Page<DomainView>> {
  constructor(
    private readonly db: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  execute(q: ListDomainsQuery): Promise<Page<DomainView>> {
    const query = customDomains.selectFrom('custom_domains').selectAll().where('workspace_id', '=', q.workspaceId);
    return listWorkspaceRows(this.db, this.cursors, query, {
      list: 'domains',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      map: (r) => domainView(domainFromRow(r)),
    });
  }
}
