import type { Readable } from 'node:stream';
import type { S3Settings } from '../../../platform/config/config-sections.js';
import type { WorkspaceFile } from '../../domain/workspace-file.js';

/** Bytes written to the store's staging area (docs/adr/0045): kept, but not served until promoted to their key. */
export interface StagedBytes {
  /** the staging name: the id the file's record will have */
  readonly id: string;
  readonly sizeBytes: number;
  /** SHA-256 of the bytes, hex */
  readonly sha256: string;
  /** the first bytes (up to 4,100), for telling the type from its signature */
  readonly head: Buffer;
}

/** Bytes `start` to `end` of a file, both included (an HTTP byte range, resolved against the file's size). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Port: where file bytes live: a local directory (the default) or an S3-compatible object store (docs/adr/0064).
 * A store that cannot be reached throws DependencyUnavailableError (503 with Retry-After), never a raw error.
 */
export abstract class FileStorage {
  abstract put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key` (only `range` of them, when given); null when absent. */
  abstract open(key: string, range?: ByteRange): Promise<Readable | null>;
  abstract remove(key: string): Promise<void>;
  /**
   * Writes `source` to the staging area under `id`, synced to disk. When `source` fails (the client went away, a
   * limit was passed) nothing is left behind and its error is thrown.
   */
  abstract stage(id: string, source: AsyncIterable<Buffer>): Promise<StagedBytes>;
  /** Moves staged bytes to `key`, where they are served. Done already (by a sweep): nothing to do. */
  abstract promote(id: string, key: string): Promise<void>;
  /** Deletes staged bytes, if any. */
  abstract discard(id: string): Promise<void>;
  /** Ends uploads a crashed process left half-sent (an object store's multipart uploads) begun before `before`. */
  abstract abortIncomplete(before: Date): Promise<number>;
  /** What the staging area holds, oldest first, at most `limit` entries. */
  abstract listStaged(limit: number): Promise<{ id: string; stagedAt: Date }[]>;
}

export abstract class FileRepository {
  abstract add(file: WorkspaceFile): Promise<void>;
  /** The workspace's file with this id (another workspace's is null). */
  abstract byId(workspaceId: string, id: string): Promise<WorkspaceFile | null>;
  /**
   * The file with this id, whoever's it is, for callers that have only the id (the public route, the staging sweep):
   * its workspace from `file_routes` (a reference table), then the file by its key (docs/adr/0053).
   */
  abstract byRoutedId(id: string): Promise<WorkspaceFile | null>;
  /** The workspace's file served at `publicPath`, if any (what a block's `file_url` names). */
  abstract byPublicPath(workspaceId: string, publicPath: string): Promise<WorkspaceFile | null>;
  /**
   * Takes the workspace's storage lock until the transaction ends, and returns the bytes its files take: two
   * uploads to one workspace check the quota one after the other.
   */
  abstract lockStorageUse(workspaceId: string): Promise<number>;
}

/** What copying one file to the object store came to (`files migrate --to s3`). */
export type FileCopyOutcome =
  | { readonly kind: 'copied'; readonly bytes: number }
  /** the object holds these bytes already (same size, same SHA-256), or the file is there only */
  | { readonly kind: 'already_there'; readonly onlyThere: boolean }
  | { readonly kind: 'missing_locally' }
  | { readonly kind: 'failed'; readonly reason: string };

/** One run's way from the local directory to one bucket; `close()` ends it. */
export interface FileCopy {
  /** Throws when the bucket cannot be reached or written (wrong name, wrong credentials, the store down). */
  check(): Promise<void>;
  /** Copies the local file at `key` to the same key in the bucket unless it is there already, and reads it back. */
  copy(key: string, sizeBytes: number): Promise<FileCopyOutcome>;
  close(): void;
}

/**
 * Port: copies files from the local directory (FILE_STORAGE_DIR) to an S3-compatible object store, whatever
 * FILE_STORAGE says (docs/adr/0064). Read-only on the local side; every object copied is read back and checked.
 */
export abstract class FileCopier {
  abstract to(target: S3Settings): Promise<FileCopy>;
}
