import type { WorkspaceFileState } from '../domain/workspace-file.js';

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
