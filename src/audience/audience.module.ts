import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { CaptureContactHandler } from './application/capture-contact.js';
import { ListContactsHandler } from './application/list-contacts.js';
import { ContactRepository, SourceDirectory } from './application/ports/audience.ports.js';
import { PageSourceDirectory } from './infrastructure/page-source.directory.js';
import { SqlContactRepository } from './infrastructure/sql-contact.repository.js';
import { ContactsController } from './interface/http/contacts.controller.js';

/** Captured contacts. */
@Module({
  imports: [AccessModule],
  controllers: [ContactsController],
  providers: [
    CaptureContactHandler,
    ListContactsHandler,
    { provide: ContactRepository, useClass: SqlContactRepository },
    { provide: SourceDirectory, useClass: PageSourceDirectory },
  ],
})
export class AudienceModule {}
