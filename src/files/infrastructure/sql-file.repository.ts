import { Injectable } from '@nestjs/common';
import { lockName } from '../../platform/database/advisory-lock.js';
import { prepared, sql, type Slots } from '../../platform/database/query-builder.js';
import { Sql } from '../../platform/database/sql.js';
import { WorkspaceFile } from '../domain/workspace-file.js';
import { fileStateFromRow } from '../application/file.view.js';
import { FileRepository } from '../application/ports/file.ports.js';
import { files, type FileRow } from './files.tables.js';

const fileRoute = prepared((p: Slots<{ id: string }>) => files.selectFrom('file_routes').select('workspace_id').where('id', '=', p.id));
const fileByKey = prepared((p: Slots<{ workspaceId: string; id: string }>) =>
  files.selectFrom('files').selectAll().where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

@Injectable()
export class SqlFileRepository extends FileRepository {
  constructor(private readonly db: Sql) {
    super();
  }

  async add(file: WorkspaceFile): Promise<void> {
    const f = file.state;
    await this.db.all(
      files.insertInto('files').values({
        id: f.id,
        workspace_id: f.workspaceId,
        name: f.name,
        mime_type: f.mimeType,
        size_bytes: String(f.sizeBytes),
        storage_key: f.storageKey,
        public_path: f.publicPath,
        created_at: f.createdAt,
      }),
    );
    await this.db.all(files.insertInto('file_routes').values({ id: f.id, workspace_id: f.workspaceId }));
  }

  async byId(workspaceId: string, id: string): Promise<WorkspaceFile | null> {
    return this.toFile(await this.db.one(fileByKey({ workspaceId, id })));
  }

  async byRoutedId(id: string): Promise<WorkspaceFile | null> {
    const route = await this.db.one(fileRoute({ id }));
    return route ? this.byId(route.workspace_id, id) : null;
  }

  async byPublicPath(workspaceId: string, publicPath: string): Promise<WorkspaceFile | null> {
    return this.toFile(
      await this.db.one(
        files.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).where('public_path', '=', publicPath),
      ),
    );
  }

  async lockStorageUse(workspaceId: string): Promise<number> {
    // Transaction-scoped: held until the upload's row commits or rolls back (ADR 0045).
    await lockName(this.db, `files:storage:${workspaceId}`);
    const row = await this.db.one(
      files
        .selectFrom('files')
        .select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as('used'))
        .where('workspace_id', '=', workspaceId),
    );
    return Number(row?.used ?? 0);
  }

  private toFile(r: FileRow | undefined): WorkspaceFile | null {
    return r ? WorkspaceFile.restore(fileStateFromRow(r)) : null;
  }
}
