import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import { files } from '../../../infrastructure/files.tables.js';
import { fileStateFromRow, fileView, type FileView } from '../../file.view.js';
import { ListFilesQuery } from './list-files.query.js';

@QueryHandler(ListFilesQuery)
export class ListFilesHandler implements IQueryHandler<ListFilesQuery, Page<FileView>> {
  constructor(
    private readonly db: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  execute(q: ListFilesQuery): Promise<Page<FileView>> {
    return listWorkspaceRows(this.db, this.cursors, files.selectFrom('files').selectAll().where('workspace_id', '=', q.workspaceId), {
      list: 'files',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      map: (r) => fileView(fileStateFromRow(r)),
    });
  }
}
