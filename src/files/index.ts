/** The files context's public entry: what other contexts, the CLI and tests may use. */
export { AddFileCommand } from './application/add-file.js';
export { ListFilesQuery } from './application/list-files.js';
export type { FileView } from './application/file.view.js';
