// The operator CLI's commands on workspaces and their API keys (the access context).
import { InvalidArgumentError, Option } from 'commander';
import type { Command as Program } from 'commander';
import { PLANS } from './access/domain/plan.js';
import { SCOPES } from './access/domain/scope.js';
import { OPERATOR_LISTING } from './access/domain/operator-listing.js';
import { instant, LIMIT, list, nextPage, pageSize, WORKSPACE } from './cli-arguments.js';
import type { JobContext, OnJob } from './cli-job.js';

/** Workspaces and keys live in the access context: their commands start it alone. */
const ACCESS: readonly JobContext[] = ['access'];

/** `workspace create|list|set-plan`. */
export function addWorkspaceCommands(program: Program, onJob: OnJob): void {
  const workspace = program.command('workspace').description('Workspaces and their plans');
  workspace
    .command('create')
    .description('Create a workspace and print it')
    .requiredOption('--name <text>', 'the workspace name')
    .addOption(new Option('--plan <plan>', `its plan: ${PLANS.join(', ')}`).choices(PLANS).default('pro'))
    .action((o: { name: string; plan: string }) => {
      onJob(async ({ commands }) => {
        const { CreateWorkspaceCommand } = await import('./access/index.js');
        return commands.execute(new CreateWorkspaceCommand(o.name, o.plan));
      }, ACCESS);
    });
  workspace
    .command('list')
    .description('List the workspaces, newest first, with how many API keys each has (key_count) and how many work (active_key_count)')
    .option('--limit <n>', LIMIT, pageSize, OPERATOR_LISTING.default)
    .option('--after <workspace_id>', 'start after this workspace (the last one of the previous page)')
    .action((o: { limit: number; after?: string }) => {
      onJob(async ({ queries }) => {
        const { ListWorkspacesQuery } = await import('./access/index.js');
        return nextPage(await queries.execute(new ListWorkspacesQuery({ limit: o.limit, after: o.after })), o.limit, 'workspaces');
      }, ACCESS);
    });
  workspace
    .command('set-plan')
    .description("Change a workspace's plan (its quota and limits)")
    .argument('<workspace_id>', WORKSPACE)
    .argument('<plan>', `the new plan: ${PLANS.join(', ')}`)
    .action((id: string, plan: string) => {
      if (!(PLANS as readonly string[]).includes(plan)) throw new InvalidArgumentError(`plan must be one of ${PLANS.join(', ')}`);
      onJob(async ({ commands }) => {
        const { SetWorkspacePlanCommand } = await import('./access/index.js');
        return commands.execute(new SetWorkspacePlanCommand(id, plan));
      }, ACCESS);
    });
}

/** `key create|list|revoke`. */
export function addKeyCommands(program: Program, onJob: OnJob): void {
  const key = program.command('key').description('API keys of a workspace');
  key
    .command('create')
    .description('Issue an API key and print it (its secret is shown this once)')
    .requiredOption('--workspace <id>', WORKSPACE)
    .addOption(new Option('--mode <mode>', 'live, or test (a test-mode key may only read)').choices(['live', 'test']).default('live'))
    .option('--scopes <list>', `comma-separated scopes, of: ${SCOPES.join(', ')} (default: all ${SCOPES.length})`, list)
    .option('--expires-at <iso>', 'expiry instant, ISO 8601 (may be in the past)', instant)
    .action((o: { workspace: string; mode: 'live' | 'test'; scopes?: string[]; expiresAt?: Date }) => {
      onJob(async ({ commands }) => {
        const { CreateApiKeyCommand } = await import('./access/index.js');
        return commands.execute(new CreateApiKeyCommand(o.workspace, o.mode, o.scopes, o.expiresAt ?? null));
      }, ACCESS);
    });
  key
    .command('list')
    .description("List a workspace's API keys, newest first: prefix, mode, scopes, expiry, revocation, creation (never secrets)")
    .requiredOption('--workspace <id>', WORKSPACE)
    .option('--limit <n>', LIMIT, pageSize, OPERATOR_LISTING.default)
    .option('--after <key_id>', 'start after this key (the last one of the previous page)')
    .action((o: { workspace: string; limit: number; after?: string }) => {
      onJob(async ({ queries }) => {
        const { ListApiKeysQuery } = await import('./access/index.js');
        return nextPage(await queries.execute(new ListApiKeysQuery(o.workspace, { limit: o.limit, after: o.after })), o.limit, 'keys');
      }, ACCESS);
    });
  key
    .command('revoke')
    .description('Revoke an API key: it stops working at once')
    .argument('<key_id>', 'the key id (key_…)')
    .action((id: string) => {
      onJob(async ({ commands }) => {
        const { RevokeApiKeyCommand } = await import('./access/index.js');
        return commands.execute(new RevokeApiKeyCommand(id));
      }, ACCESS);
    });
}
