import type { WorkspaceFileState } from '../domain/workspace-file.js';
import type { FileRow } from '../infrastructure/files.tables.js';

export interface FileView {
  id: string;
  name: string;
  mime_type: string;
  size_bytes: number;
  public_path: string;
  created_at: string;
}

export const fileView = (f: WorkspaceFileState): FileView => ({
  id: f.id,
  name: f.name,
  mime_type: f.mimeType,
  size_bytes: f.sizeBytes,
  public_path: f.publicPath,
  created_at: f.createdAt.toISOString(),
});

export const fileStateFromRow = (r: FileRow): WorkspaceFileState => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  mimeType: r.mime_type,
  sizeBytes: Number(r.size_bytes),
  storageKey: r.storage_key,
  publicPath: r.public_path,
  createdAt: r.created_at,
});
