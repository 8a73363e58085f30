import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Sql } from '../../../../platform/database/sql.js';
import { CursorCodec, type Page } from '../../../../platform/pagination/cursor.js';
import { listWorkspaceRows } from '../../../../platform/pagination/keyset.js';
import { fileView, type FileView } from '../../file.view.js';
import { ListFilesQuery } from './list-files.query.js';

interface Row {
  id: string;
  name: string;
  mime_type: string;
  size_bytes: string;
  storage_key: string;
  public_path: string;
  created_at: Date;
}

@QueryHandler(ListFilesQuery)
export class ListFilesHandler implements IQueryHandler<ListFilesQuery, Page<FileView>> {
  constructor(
    private readonly sql: Sql,
    private readonly cursors: CursorCodec,
  ) {}

  execute(q: ListFilesQuery): Promise<Page<FileView>> {
    return listWorkspaceRows<Row, FileView>(this.sql, this.cursors, {
      list: 'files',
      workspaceId: q.workspaceId,
      limit: q.limit,
      after: q.after,
      select: 'id, name, mime_type, size_bytes, storage_key, public_path, created_at',
      from: 'files',
      map: (r) =>
        fileView({
          id: r.id,
          workspaceId: q.workspaceId,
          name: r.name,
          mimeType: r.mime_type,
          sizeBytes: Number(r.size_bytes),
          storageKey: r.storage_key,
          publicPath: r.public_path,
          createdAt: new Date(r.created_at),
        }),
    });
  }
}
