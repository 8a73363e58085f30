import { Command } from '@nestjs/cqrs';
import type { KeyMode } from '../../../domain/api-key.js';
import type { ApiKeyView } from '../../access.views.js';

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
