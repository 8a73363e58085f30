import type { Readable } from 'node:stream';
import type { WorkspaceFile } from '../../domain/workspace-file.js';

/** Port: where file bytes live (default adapter: a local directory). */
export abstract class FileStorage {
  abstract put(key: string, bytes: Buffer): Promise<void>;
  /** null when absent */
  abstract open(key: string): Promise<Readable | null>;
  abstract remove(key: string): Promise<void>;
}

export abstract class FileRepository {
  abstract add(file: WorkspaceFile): Promise<void>;
  abstract byId(id: string): Promise<WorkspaceFile | null>;
  /** The workspace's file served at `publicPath`, if any (what a block's `file_url` names). */
  abstract byPublicPath(workspaceId: string, publicPath: string): Promise<WorkspaceFile | null>;
}
