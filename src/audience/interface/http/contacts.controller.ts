import { Controller, Get, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ListEnvelope, ListQueryDto } from '../../../platform/http/dto/list.dto.js';
import { Operation } from '../../../access/interface/http/operation.js';
import { CONTACT_SOURCES } from '../../domain/contact.js';
import { ListContactsQuery } from '../../application/list-contacts.js';

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
  list(@Req() req: FastifyRequest) {
    const q = req.input!.query as ListQueryDto;
    return this.queries.execute(new ListContactsQuery(req.principal!.workspace.id, q.limit, q.after));
  }
}
