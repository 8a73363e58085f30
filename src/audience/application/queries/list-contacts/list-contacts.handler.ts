import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import { CONTACT_COLUMNS, contactFromRow, contactView, type ContactRow, type ContactView } from '../../contact.view.js';
import { ListContactsQuery } from './list-contacts.query.js';

/** Newest first, keyset-paginated on (created_at, id). */
@QueryHandler(ListContactsQuery)
export class ListContactsHandler implements IQueryHandler<ListContactsQuery, Page<ContactView>> {
  constructor(
    private readonly sql: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  execute(q: ListContactsQuery): Promise<Page<ContactView>> {
    return listWorkspaceRows<ContactRow, ContactView>(this.sql, this.cursors, {
      list: 'contacts',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      select: CONTACT_COLUMNS,
      from: 'contacts',
      map: (r) => contactView(contactFromRow(r)),
    });
  }
}
