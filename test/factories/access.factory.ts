import type { CommandBus } from '@nestjs/cqrs';
import { CreateApiKeyCommand, CreateWorkspaceCommand, RevokeApiKeyCommand } from '../../src/access/index.js';

export async function aWorkspace(commands: CommandBus, plan: 'free' | 'creator' | 'pro' = 'pro', name = 'Test workspace') {
  return commands.execute(new CreateWorkspaceCommand(name, plan));
}

export async function aKey(
  commands: CommandBus,
  workspaceId: string,
  opts: { mode?: 'live' | 'test'; scopes?: string[]; expiresAt?: Date | null; revoked?: boolean } = {},
) {
  const key = await commands.execute(new CreateApiKeyCommand(workspaceId, opts.mode ?? 'live', opts.scopes, opts.expiresAt ?? null));
  if (opts.revoked) await commands.execute(new RevokeApiKeyCommand(key.id));
  return key;
}

/** A workspace with a live key holding every scope. */
export async function aTenant(commands: CommandBus, plan: 'free' | 'creator' | 'pro' = 'pro') {
  const ws = await aWorkspace(commands, plan);
  const key = await aKey(commands, ws.id);
  return { workspace: ws, key: key.key, keyId: key.id, auth: { authorization: `Bearer ${key.key}` } };
}
