import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { WorkspaceFile } from '../domain/workspace-file.js';
import { FileRepository } from '../application/ports/file.ports.js';

interface Row {
  id: string;
  workspace_id: string;
  name: string;
  mime_type: string;
  size_bytes: string;
  storage_key: string;
  public_path: string;
  created_at: Date;
}

const COLUMNS = 'id, workspace_id, name, mime_type, size_bytes, storage_key, public_path, created_at';

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
    return this.toFile(await this.sql.one<Row>(`SELECT ${COLUMNS} FROM files WHERE id = ?`, [id]));
  }

  async byPublicPath(workspaceId: string, publicPath: string): Promise<WorkspaceFile | null> {
    return this.toFile(
      await this.sql.one<Row>(`SELECT ${COLUMNS} FROM files WHERE workspace_id = ? AND public_path = ?`, [workspaceId, publicPath]),
    );
  }

  private toFile(r: Row | undefined): WorkspaceFile | null {
    return r
      ? WorkspaceFile.restore({
          id: r.id,
          workspaceId: r.workspace_id,
          name: r.name,
          mimeType: r.mime_type,
          sizeBytes: Number(r.size_bytes),
          storageKey: r.storage_key,
          publicPath: r.public_path,
          createdAt: new Date(r.created_at),
        })
      : null;
  }
}
