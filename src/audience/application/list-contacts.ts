import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../platform/database/sql.js';
import { CursorCodec, type Page } from '../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../platform/pagination/keyset.js';
import type { ContactSource } from '../domain/contact.js';
import { contactView, type ContactView } from './contact.view.js';

export class ListContactsQuery extends Query<Page<ContactView>> {
  constructor(
    readonly workspaceId: string,
    readonly limit: number,
    readonly after: string | undefined,
  ) {
    super();
  }
}

interface Row {
  id: string;
  email: string;
  name: string | null;
  source: ContactSource;
  source_page_id: string | null;
  source_block_id: string | null;
  created_at: Date;
}

/** Newest first, keyset-paginated on (created_at, id). */
@QueryHandler(ListContactsQuery)
export class ListContactsHandler implements IQueryHandler<ListContactsQuery, Page<ContactView>> {
  constructor(
    private readonly sql: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  execute(q: ListContactsQuery): Promise<Page<ContactView>> {
    return listWorkspaceRows<Row, ContactView>(this.sql, this.cursors, {
      list: 'contacts',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      select: 'id, email, name, source, source_page_id, source_block_id, created_at',
      from: 'contacts',
      map: (r) =>
        contactView({
          id: r.id,
          workspaceId: q.workspaceId,
          email: r.email,
          name: r.name,
          source: r.source,
          sourcePageId: r.source_page_id,
          sourceBlockId: r.source_block_id,
          createdAt: new Date(r.created_at),
        }),
    });
  }
}
