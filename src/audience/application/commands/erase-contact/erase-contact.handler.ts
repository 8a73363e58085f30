import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Transactional } from '../../../../platform/cqrs/transactional.js';
import { NotFoundError } from '../../../../platform/domain/domain-error.js';
import { ContactErasure } from '../../contact-erasure.js';
import { ContactRepository } from '../../ports/audience.ports.js';
import { EraseContactCommand } from './erase-contact.command.js';

/**
 * Erases a contact and every copy of its personal data (ContactErasure, docs/adr/0044). An unknown contact, one of
 * another workspace and one already erased are all 404: a second erasure finds nothing left to erase.
 */
@CommandHandler(EraseContactCommand)
@Transactional()
export class EraseContactHandler implements ICommandHandler<EraseContactCommand> {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly erasure: ContactErasure,
  ) {}

  async execute(cmd: EraseContactCommand): Promise<void> {
    const contact = await this.contacts.byId(cmd.workspaceId, cmd.contactId, { lock: true });
    if (!contact || contact.erased) throw new NotFoundError('contact');
    await this.erasure.erase(contact);
  }
}
