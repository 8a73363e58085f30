import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import type { Contact, ContactState } from '../domain/contact.js';
import { CONTACT_COLUMNS, contactFromRow, contactView, type ContactRow } from '../application/contact.view.js';
import { ContactRepository } from '../application/ports/audience.ports.js';

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
      `INSERT INTO contacts (id, workspace_id, email, name, source, source_page_id, source_block_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, source_page_id, source, email) WHERE source_page_id IS NOT NULL DO NOTHING RETURNING id`,
      [c.id, c.workspaceId, c.email, c.name, c.source, c.sourcePageId, c.sourceBlockId, c.createdAt],
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
    const row = await this.sql.one<ContactRow>(
      `SELECT ${CONTACT_COLUMNS} FROM contacts
        WHERE workspace_id = ? AND source_page_id = ? AND source = ? AND email = ?`,
      [c.workspaceId, c.sourcePageId, c.source, c.email],
    );
    return row ? contactFromRow(row) : null;
  }
}
