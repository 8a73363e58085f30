import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { WorkspaceFile } from '../domain/workspace-file.js';
import { fileStateFromRow } from '../application/file.view.js';
import { FileRepository } from '../application/ports/file.ports.js';
import { files, type FileRow } from './files.tables.js';

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
  }

  async byId(id: string): Promise<WorkspaceFile | null> {
    return this.toFile(await this.db.one(files.selectFrom('files').selectAll().where('id', '=', id)));
  }

  async byPublicPath(workspaceId: string, publicPath: string): Promise<WorkspaceFile | null> {
    return this.toFile(
      await this.db.one(
        files.selectFrom('files').selectAll().where('workspace_id', '=', workspaceId).where('public_path', '=', publicPath),
      ),
    );
  }

  private toFile(r: FileRow | undefined): WorkspaceFile | null {
    return r ? WorkspaceFile.restore(fileStateFromRow(r)) : null;
  }
}
