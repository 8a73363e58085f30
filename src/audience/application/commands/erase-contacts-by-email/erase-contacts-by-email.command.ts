import { Command } from '@nestjs/cqrs';
import type { ErasedContactView } from '../../contact-erasure.js';

/**
 * Erase every contact with an address, in one workspace or in all of them (the operator CLI, answering a request
 * made by e-mail): the contacts erased.
 */
export class EraseContactsByEmailCommand extends Command<{ erased: ErasedContactView[] }> {
  constructor(
    readonly email: string,
    readonly workspaceId: string | undefined,
  ) {
    super();
  }
}
