import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import { audience } from '../../../infrastructure/audience.tables.js';
import { contactFromRow, contactView, type ContactView } from '../../contact.view.js';
import { ListContactsQuery } from './list-contacts.query.js';

/** Newest first, keyset-paginated on (created_at, id); erased contacts are left out. */
@QueryHandler(ListContactsQuery)
export class ListContactsHandler implements IQueryHandler<ListContactsQuery, Page<ContactView>> {
  constructor(
    private readonly db: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  execute(q: ListContactsQuery): Promise<Page<ContactView>> {
    // Erased contacts are tombstones that only count: never listed.
    const query = audience.selectFrom('contacts').selectAll().where('workspace_id', '=', q.workspaceId).where('deleted_at', 'is', null);
    return listWorkspaceRows(this.db, this.cursors, query, {
      list: 'contacts',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      map: (r) => contactView(contactFromRow(r)),
    });
  }
}
