import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Slots } from '../../../../platform/database/query-builder.js';
import { prepared } from '../../../../platform/database/query-builder.js';
import { Sql } from '../../../../platform/database/sql.js';
import { customDomains } from '../../../infrastructure/custom-domains.tables.js';
import { FindServedDomainQuery, type ServedDomain } from './find-served-domain.query.js';

/** One probe of the unique index on verified hostnames (`custom_domains_verified_hostname`). */
const servedByHostname = prepared((p: Slots<{ hostname: string }>) =>
  customDomains
    .selectFrom('custom_domains')
    .select(['hostname', 'workspace_id', 'page_id'])
    .where('hostname', '=', p.hostname)
    .where('status', '=', 'verified'),
);

@QueryHandler(FindServedDomainQuery)
export class FindServedDomainHandler implements IQueryHandler<FindServedDomainQuery, ServedDomain | null> {
  constructor(private readonly db: Sql) {}

  async execute(q: FindServedDomainQuery): Promise<ServedDomain | null> {
    if (q.hostname.length > 253) return null;
    const row = await this.db.one(servedByHostname({ hostname: q.hostname }));
    return row ? { hostname: row.hostname, workspaceId: row.workspace_id, pageId: row.page_id } : null;
  }
}
