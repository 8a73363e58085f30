import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../platform/config/config.module.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page as ListPage } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import type { PageStatus } from '../../../domain/page.js';
import { publicUrlOf } from '../../page.views.js';
import { ListPagesQuery } from './list-pages.query.js';
import type { PageSummaryView } from './list-pages.view.js';

interface SummaryRow {
  id: string;
  title: string;
  slug: string;
  status: PageStatus;
  block_count: number;
  draft_updated_at: Date;
}

/** Newest-updated first: keyset on (draft_updated_at, id), read straight from SQL. */
@QueryHandler(ListPagesQuery)
export class ListPagesHandler implements IQueryHandler<ListPagesQuery, ListPage<PageSummaryView>> {
  constructor(
    private readonly sql: Sql,
    private readonly cursors: CursorCodec,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(q: ListPagesQuery): Promise<ListPage<PageSummaryView>> {
    return listWorkspaceRows<SummaryRow, PageSummaryView>(this.sql, this.cursors, {
      list: 'pages',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      select: 'id, title, slug, status, jsonb_array_length(draft_blocks) AS block_count, draft_updated_at',
      from: 'pages',
      orderBy: 'draft_updated_at',
      map: (r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        status: r.status,
        block_count: Number(r.block_count),
        public_url: publicUrlOf(r, this.config.publicSiteUrl),
        updated_at: new Date(r.draft_updated_at).toISOString(),
      }),
    });
  }
}
