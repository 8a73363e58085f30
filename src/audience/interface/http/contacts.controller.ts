import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { CONTACT_SOURCES } from '../../domain/contact.js';
import { ListContactsQuery } from '../../application/queries/list-contacts/list-contacts.query.js';

export class ContactResponse {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiPropertyOptional({ type: 'string', nullable: true }) name!: string | null;
  @ApiProperty({ enum: CONTACT_SOURCES }) source!: string;
  @ApiPropertyOptional({ type: 'string', nullable: true }) source_block_id!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
export const ContactList = ListEnvelope(ContactResponse, 'ContactList');

@ApiTags('Contacts')
@Controller('v1/contacts')
export class ContactsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Operation({
    id: 'listContacts',
    summary: 'List captured contacts, newest first',
    scope: 'contacts:read',
    write: false,
    quotaCost: 1,
    idempotent: false,
    status: 200,
    query: ListQueryDto,
    response: ContactList,
  })
  list(@Caller() caller: RequestPrincipal, @Input('query') q: ListQueryDto) {
    return this.queries.execute(new ListContactsQuery(caller.workspaceId, q.limit, q.after));
  }
}
