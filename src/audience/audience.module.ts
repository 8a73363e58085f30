import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { CaptureContactHandler } from './application/capture-contact.js';
import { ListContactsHandler } from './application/list-contacts.js';
import { ContactRepository } from './application/ports/audience.ports.js';
import { PagesModule } from '../pages/pages.module.js';
import { SqlContactRepository } from './infrastructure/sql-contact.repository.js';
import { ContactsController } from './interface/http/contacts.controller.js';

/** Captured contacts. */
@Module({
  imports: [AccessModule, PagesModule],
  controllers: [ContactsController],
  providers: [
    CaptureContactHandler,
    ListContactsHandler,
    { provide: ContactRepository, useClass: SqlContactRepository },
  ],
})
export class AudienceModule {}
