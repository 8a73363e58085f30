import { Command } from '@nestjs/cqrs';
import type { RotatedSecretView } from './rotate-secret.view.js';

export class RotateSecretCommand extends Command<RotatedSecretView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}
