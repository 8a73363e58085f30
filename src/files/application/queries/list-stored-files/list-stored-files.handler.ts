import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from '../../../../platform/database/query-builder.js';
import { Sql } from '../../../../platform/database/sql.js';
import { files } from '../../../infrastructure/files.tables.js';
import { ListStoredFilesQuery, type StoredFileView } from './list-stored-files.query.js';

@QueryHandler(ListStoredFilesQuery)
export class ListStoredFilesHandler implements IQueryHandler<ListStoredFilesQuery, StoredFileView[]> {
  constructor(private readonly db: Sql) {}

  async execute(q: ListStoredFilesQuery): Promise<StoredFileView[]> {
    let query = files.selectFrom('files').select(['workspace_id', 'id', 'storage_key', 'size_bytes']);
    // A row comparison on the primary key: an index range scan, however many files there are.
    if (q.after) query = query.where(sql<boolean>`(workspace_id, id) > (${q.after.workspaceId}, ${q.after.id})`);
    const rows = await this.db.all(query.orderBy('workspace_id').orderBy('id').limit(q.limit));
    return rows.map((r) => ({ workspaceId: r.workspace_id, id: r.id, storageKey: r.storage_key, sizeBytes: Number(r.size_bytes) }));
  }
}
