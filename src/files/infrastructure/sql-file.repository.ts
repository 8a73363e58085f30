import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { WorkspaceFile } from '../domain/workspace-file.js';
import { FILE_COLUMNS, fileStateFromRow, type FileRow } from '../application/file.view.js';
import { FileRepository } from '../application/ports/file.ports.js';

const COLUMNS = FILE_COLUMNS;

@Injectable()
export class SqlFileRepository extends FileRepository {
  constructor(private readonly sql: Sql) {
    super();
  }

  async add(file: WorkspaceFile): Promise<void> {
    const f = file.state;
    await this.sql.all(
      `INSERT INTO files (id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [f.id, f.workspaceId, f.name, f.mimeType, f.sizeBytes, f.storageKey, f.publicPath, f.createdAt],
    );
  }

  async byId(id: string): Promise<WorkspaceFile | null> {
    return this.toFile(await this.sql.one<FileRow>(`SELECT ${COLUMNS} FROM files WHERE id = ?`, [id]));
  }

  async byPublicPath(workspaceId: string, publicPath: string): Promise<WorkspaceFile | null> {
    return this.toFile(
      await this.sql.one<FileRow>(`SELECT ${COLUMNS} FROM files WHERE workspace_id = ? AND public_path = ?`, [workspaceId, publicPath]),
    );
  }

  private toFile(r: FileRow | undefined): WorkspaceFile | null {
    return r ? WorkspaceFile.restore(fileStateFromRow(r)) : null;
  }
}
