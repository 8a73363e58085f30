import { Module } from '@nestjs/common';
import { CaptureContactHandler } from './application/commands/capture-contact/capture-contact.handler.js';
import { ContactRepository, SourceDirectory } from './application/ports/audience.ports.js';
import { ListContactsHandler } from './application/queries/list-contacts/list-contacts.handler.js';
import { PageSourceDirectory } from './infrastructure/page-source.directory.js';
import { SqlContactRepository } from './infrastructure/sql-contact.repository.js';
import { ContactsController } from './interface/http/contacts.controller.js';

/** Captured contacts. */
@Module({
  controllers: [ContactsController],
  providers: [
    CaptureContactHandler,
    ListContactsHandler,
    { provide: ContactRepository, useClass: SqlContactRepository },
    { provide: SourceDirectory, useClass: PageSourceDirectory },
  ],
})
export class AudienceModule {}
