import { Command } from '@nestjs/cqrs';
import type { RotatedSecretView } from './rotate-secret.view.js';

export class RotateSecretCommand extends Command<RotatedSecretView> {
  constructor(
    readonly workspaceId: string,
    readonly endpointId: string,
    /** the new secret, chosen by the caller (`whsec_…`, checked by the domain); the service issues one when absent */
    readonly secret?: string,
  ) {
    super();
  }
}
