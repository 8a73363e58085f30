import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page as ListPage } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import { sql } from '../../../../platform/database/query-builder.js';
import { pages } from '../../../infrastructure/pages.tables.js';
import { publicUrlOf } from '../../page.views.js';
import { PageAddresses, withCustomDomain } from '../../ports/page.ports.js';
import { ListPagesQuery } from './list-pages.query.js';
import type { PageSummaryView } from './list-pages.view.js';

/** Newest-updated first: keyset on (draft_updated_at, id), read straight from SQL. */
@QueryHandler(ListPagesQuery)
export class ListPagesHandler implements IQueryHandler<ListPagesQuery, ListPage<PageSummaryView>> {
  constructor(
    private readonly db: Sql,
    private readonly cursors: CursorCodec,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly addresses?: PageAddresses,
  ) {}

  async execute(q: ListPagesQuery): Promise<ListPage<PageSummaryView>> {
    const query = pages
      .selectFrom('pages')
      .select([
        'id',
        'title',
        'slug',
        'status',
        'draft_updated_at',
        'scheduled_publish_at',
        sql<number>`jsonb_array_length(draft_blocks)`.as('block_count'),
      ])
      .where('workspace_id', '=', q.workspaceId);
    const listed = await listWorkspaceRows(this.db, this.cursors, query, {
      list: 'pages',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      orderBy: 'draft_updated_at',
      map: (r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        status: r.status,
        block_count: r.block_count,
        public_url: publicUrlOf(r, this.config.publicSiteUrl),
        updated_at: r.draft_updated_at.toISOString(),
        scheduled_for: r.scheduled_publish_at?.toISOString() ?? null,
      }),
    });
    return { ...listed, data: await withCustomDomain(this.addresses, q.workspaceId, listed.data) };
  }
}
