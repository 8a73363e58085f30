import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError, ValidationError } from '../../../../platform/domain/domain-error.js';
import { normaliseEmail } from '../../../../platform/domain/email.js';
import { ContactErasure, type ErasedContactView } from '../../contact-erasure.js';
import { ContactRepository } from '../../ports/audience.ports.js';
import { EraseContactsByEmailCommand } from './erase-contacts-by-email.command.js';

/**
 * Erases every live contact with the address (the same person signs up on several pages and sources, and in
 * several workspaces), each as DELETE /v1/contacts/{contact_id} does, all in one transaction. None: 404.
 */
@CommandHandler(EraseContactsByEmailCommand)
@Transactional()
export class EraseContactsByEmailHandler implements ICommandHandler<EraseContactsByEmailCommand> {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly erasure: ContactErasure,
  ) {}

  async execute(cmd: EraseContactsByEmailCommand): Promise<{ erased: ErasedContactView[] }> {
    const email = normaliseEmail(cmd.email);
    if (!email) throw ValidationError.parameter('email', 'The e-mail address is not valid.');
    const found = await this.contacts.lockByEmail(email, cmd.workspaceId);
    if (found.length === 0) throw new NotFoundError('contact with this e-mail address');
    const erased: ErasedContactView[] = [];
    for (const contact of found) erased.push(await this.erasure.erase(contact));
    return { erased };
  }
}
