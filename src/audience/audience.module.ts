import { Module } from '@nestjs/common';
import { CaptureContactHandler } from './application/commands/capture-contact/capture-contact.handler.js';
import { EraseContactHandler } from './application/commands/erase-contact/erase-contact.handler.js';
import { EraseContactsByEmailHandler } from './application/commands/erase-contacts-by-email/erase-contacts-by-email.handler.js';
import { ContactErasure } from './application/contact-erasure.js';
import { ContactRepository, SourceDirectory } from './application/ports/audience.ports.js';
import { ListContactsHandler } from './application/queries/list-contacts/list-contacts.handler.js';
import { PageSourceDirectory } from './infrastructure/page-source.directory.js';
import { SqlContactRepository } from './infrastructure/sql-contact.repository.js';
import { ContactsController } from './interface/http/contacts.controller.js';

/** Captured contacts, and their erasure (docs/adr/0044). */
@Module({
  controllers: [ContactsController],
  providers: [
    CaptureContactHandler,
    EraseContactHandler,
    EraseContactsByEmailHandler,
    ContactErasure,
    ListContactsHandler,
    { provide: ContactRepository, useClass: SqlContactRepository },
    { provide: SourceDirectory, useClass: PageSourceDirectory },
  ],
})
export class AudienceModule {}
