import { Command } from '@nestjs/cqrs';
import type { KeyMode } from '../../domain/api-key.js';
import type { ApiKeyView, WorkspaceView } from '../access.views.js';

export class CreateWorkspaceCommand extends Command<WorkspaceView> {
  constructor(
    readonly name: string,
    readonly plan: string,
  ) {
    super();
  }
}

export class SetWorkspacePlanCommand extends Command<WorkspaceView> {
  constructor(
    readonly workspaceId: string,
    readonly plan: string,
  ) {
    super();
  }
}

export class CreateApiKeyCommand extends Command<ApiKeyView & { key: string }> {
  constructor(
    readonly workspaceId: string,
    readonly mode: KeyMode,
    readonly scopes: string[] | undefined,
    readonly expiresAt: Date | null,
  ) {
    super();
  }
}

export class RevokeApiKeyCommand extends Command<ApiKeyView> {
  constructor(readonly keyId: string) {
    super();
  }
}
