import { Query } from '@nestjs/cqrs';

/** Where one file's bytes are stored, and how many there are (a `files` row, whoever's it is). */
export interface StoredFileView {
  workspaceId: string;
  id: string;
  storageKey: string;
  sizeBytes: number;
}

/**
 * Every workspace's files, `limit` at a time in key order (workspace_id, id), after the key `after`: an operator's
 * walk over all stored bytes (`files migrate --to s3`). Each page is one short read; files added meanwhile after the
 * walk's position are seen, earlier ones are not.
 */
export class ListStoredFilesQuery extends Query<StoredFileView[]> {
  constructor(
    readonly after: { workspaceId: string; id: string } | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
