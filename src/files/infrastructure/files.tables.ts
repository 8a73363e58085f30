import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';

/** The files context's table (docs/adr/0027): uploaded files' metadata; the bytes live in the file store. */
export const FileTable = defineEntity({
  name: 'File',
  tableName: 'files',
  properties: {
    workspace: workspaceReference('files').primary(),
    id: p.text().primary(),
    name: p.text(),
    mimeType: p.text(),
    sizeBytes: p.bigint('string'),
    storageKey: p.text(),
    publicPath: p.text(),
    createdAt: p.datetime(3),
  },
  uniques: [{ name: 'files_public_path_key', properties: ['workspace', 'publicPath'] }],
  checks: [{ name: 'files_size_bytes_check', expression: 'size_bytes >= 0' }],
  indexes: [{ name: 'files_page_idx', expression: 'CREATE INDEX files_page_idx ON files (workspace_id, created_at DESC, id DESC)' }],
});

/**
 * Whose file an id is (migration 0025, docs/adr/0053): the public route (`/files/<id>/<name>`) names no workspace, so it
 * reads this reference table by id, then the file by its key. Written with the file, in the same transaction.
 */
export const FileRouteTable = defineEntity({
  name: 'FileRoute',
  tableName: 'file_routes',
  properties: {
    id: p.text().primary(),
    workspace: workspaceReference('file_routes'),
  },
});

export const filesTables = [FileTable, FileRouteTable];
export type FilesDb = InferKyselyDB<(typeof filesTables)[number]>;

/** A `files` row as a statement selecting every column returns it. */
export type FileRow = Selectable<FilesDb['files']>;
export const files = queryBuilder<FilesDb>();
