import { Controller, Delete, Get, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import type { RequestPrincipal } from '../../../platform/http/pipeline/access-control.js';
import { Operation } from '../../../platform/http/pipeline/operation.js';
import { Caller, Input } from '../../../platform/http/pipeline/params.js';
import { CONTACT_SOURCES } from '../../domain/contact.js';
import { EraseContactCommand } from '../../application/commands/erase-contact/erase-contact.command.js';
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
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

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

  @Delete(':contact_id')
  @ApiParam({ name: 'contact_id', type: String, description: 'The contact to erase (ctc_…)' })
  @Operation({
    id: 'deleteContact',
    summary: 'Erase a contact for good: its address and name, in every copy the service keeps',
    guide:
      'For a subscriber who asks to be forgotten (GDPR art. 17). The address and the name are erased from the contact ' +
      'and from every copy the service keeps: stored idempotent responses, unpublished and published events, and ' +
      'webhook payloads (a resend then carries `erased@erased.invalid` and no name). A tombstone without personal ' +
      'data stays, so counts of captured contacts do not drop. Subscribed endpoints receive `contact.deleted` ' +
      '(the id and `deleted_at` only) to erase their copy. Irreversible: a second call answers 404, as for an ' +
      'unknown contact.',
    destructive: true,
    scope: 'contacts:write',
    write: true,
    quotaCost: 0,
    idempotent: true,
    status: 204,
    errors: ['resource_not_found'],
  })
  async erase(@Caller() caller: RequestPrincipal, @Param('contact_id') contactId: string): Promise<void> {
    await this.commands.execute(new EraseContactCommand(caller.workspaceId, contactId));
  }
}
