/** The files context's public entry: what other contexts, the CLI and tests may use. Everything else is private. */
export { AddFileCommand } from './application/commands/add-file/add-file.command.js';
export { MigrateFilesCommand, type MigrationSummary } from './application/commands/migrate-files/migrate-files.command.js';
export { GetWorkspaceFileQuery } from './application/queries/get-workspace-file/get-workspace-file.query.js';
export { ListFilesQuery } from './application/queries/list-files/list-files.query.js';
export { OpenPublicFileQuery } from './application/queries/open-public-file/open-public-file.query.js';
export { ResolveWorkspaceFileQuery } from './application/queries/resolve-workspace-file/resolve-workspace-file.query.js';
export type { FileView } from './application/file.view.js';
export type { WorkspaceFileView } from './application/queries/get-workspace-file/get-workspace-file.view.js';
export type { PublicFileView } from './application/queries/open-public-file/open-public-file.view.js';
export type { ResolvedFileView } from './application/queries/resolve-workspace-file/resolve-workspace-file.view.js';
export { MAX_FILE_BYTES } from './domain/workspace-file.js';
export { FILES_EXAMPLES } from './interface/http/openapi-examples.js';
