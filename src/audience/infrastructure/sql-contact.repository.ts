import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import type { Contact, ContactState } from '../domain/contact.js';
import { contactFromRow, contactView } from '../application/contact.view.js';
import { ContactRepository } from '../application/ports/audience.ports.js';
import { audience } from './audience.tables.js';

@Injectable()
export class SqlContactRepository extends ContactRepository {
  constructor(
    private readonly sql: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async add(contact: Contact): Promise<ContactState | null> {
    const c = contact.state;
    const inserted = await this.sql.all(
      audience
        .insertInto('contacts')
        .values({
          id: c.id,
          workspace_id: c.workspaceId,
          email: c.email,
          name: c.name,
          source: c.source,
          source_page_id: c.sourcePageId,
          source_block_id: c.sourceBlockId,
          created_at: c.createdAt,
        })
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'source_page_id', 'source', 'email']).where('source_page_id', 'is not', null).doNothing(),
        )
        .returning('id'),
    );
    const events = contact.pullEvents();
    if (inserted.length > 0) {
      await this.outbox.append(
        events.map((e) => ({
          type: e.type,
          workspaceId: e.contact.workspaceId,
          data: { contact: contactView(e.contact) },
          occurredAt: e.contact.createdAt,
        })),
      );
      return null;
    }
    const row = await this.sql.one(
      audience
        .selectFrom('contacts')
        .selectAll()
        .where('workspace_id', '=', c.workspaceId)
        .where('source_page_id', '=', c.sourcePageId)
        .where('source', '=', c.source)
        .where('email', '=', c.email),
    );
    return row ? contactFromRow(row) : null;
  }
}
