import { Command } from '@nestjs/cqrs';
import type { ApiKeyView } from '../../access.views.js';

export class RevokeApiKeyCommand extends Command<ApiKeyView> {
  constructor(readonly keyId: string) {
    super();
  }
}
