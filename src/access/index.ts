/** The access context's public entry: what other contexts, the CLI and tests may use. */
export { CreateApiKeyCommand, CreateWorkspaceCommand, RevokeApiKeyCommand, SetWorkspacePlanCommand } from './application/commands/access.commands.js';
export { ListApiKeysQuery } from './application/commands/access.handlers.js';
export type { ApiKeyView, WorkspaceView } from './application/access.views.js';
