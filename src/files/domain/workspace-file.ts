import { ValidationError } from '../../platform/domain/domain-error.js';
import { findInvisible, invisibleProblem } from '../../platform/domain/invisible-characters.js';

/** Largest file the service stores. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface WorkspaceFileState {
  id: string;
  workspaceId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  publicPath: string;
  createdAt: Date;
}

/** A workspace file: its bytes live behind the storage port; `publicPath` is served without a key. */
export class WorkspaceFile {
  private constructor(readonly state: Readonly<WorkspaceFileState>) {}

  static add(input: { id: string; workspaceId: string; name: string; mimeType: string; sizeBytes: number; now: Date }): WorkspaceFile {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 255) throw ValidationError.parameter('name', 'The file name must be 1 to 255 characters.');
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f/\\]/.test(name) || name === '.' || name === '..') {
      throw ValidationError.parameter('name', 'The file name must not contain slashes or control characters.');
    }
    const hidden = findInvisible(name, 'line');
    if (hidden) throw ValidationError.parameter('name', `The file name ${invisibleProblem(hidden)}.`);
    if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(input.mimeType)) {
      throw ValidationError.parameter('mime_type', 'The MIME type is not valid.');
    }
    if (!Number.isSafeInteger(input.sizeBytes) || input.sizeBytes < 0) throw ValidationError.parameter('size', 'The size is not valid.');
    if (input.sizeBytes > MAX_FILE_BYTES) throw ValidationError.parameter('size', `Files are limited to ${MAX_FILE_BYTES} bytes.`);
    return new WorkspaceFile({
      id: input.id,
      workspaceId: input.workspaceId,
      name,
      mimeType: input.mimeType.toLowerCase(),
      sizeBytes: input.sizeBytes,
      storageKey: `${input.workspaceId}/${input.id}`,
      publicPath: `/files/${input.id}/${encodeURIComponent(name)}`,
      createdAt: input.now,
    });
  }

  static restore(state: WorkspaceFileState): WorkspaceFile {
    return new WorkspaceFile({ ...state });
  }
}
