/** The access context's public entry: what other contexts, the CLI and tests may use. Everything else is private. */
export { CreateApiKeyCommand } from './application/commands/create-api-key/create-api-key.command.js';
export { CreateWorkspaceCommand } from './application/commands/create-workspace/create-workspace.command.js';
export { RevokeApiKeyCommand } from './application/commands/revoke-api-key/revoke-api-key.command.js';
export { SetWorkspacePlanCommand } from './application/commands/set-workspace-plan/set-workspace-plan.command.js';
export { GetWorkspaceQuery } from './application/queries/get-workspace/get-workspace.query.js';
export { ListApiKeysQuery } from './application/queries/list-api-keys/list-api-keys.query.js';
export { ListWorkspacesQuery } from './application/queries/list-workspaces/list-workspaces.query.js';
export type { ApiKeyView, WorkspaceListingView, WorkspaceView } from './application/access.views.js';
export { PLANS } from './domain/plan.js';
export { SCOPES } from './domain/scope.js';
