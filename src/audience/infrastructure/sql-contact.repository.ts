import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import type { Contact, ContactSource, ContactState } from '../domain/contact.js';
import { ContactRepository } from '../application/ports/audience.ports.js';

interface Row {
  id: string;
  workspace_id: string;
  email: string;
  name: string | null;
  source: ContactSource;
  source_page_id: string | null;
  source_block_id: string | null;
  created_at: Date;
}

const toState = (r: Row): ContactState => ({
  id: r.id,
  workspaceId: r.workspace_id,
  email: r.email,
  name: r.name,
  source: r.source,
  sourcePageId: r.source_page_id,
  sourceBlockId: r.source_block_id,
  createdAt: new Date(r.created_at),
});

@Injectable()
export class SqlContactRepository extends ContactRepository {
  constructor(private readonly sql: Sql) {
    super();
  }

  async add(contact: Contact): Promise<ContactState | null> {
    const c = contact.state;
    const inserted = await this.sql.all(
      `INSERT INTO contacts (id, workspace_id, email, name, source, source_page_id, source_block_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, source_page_id, source, email) WHERE source_page_id IS NOT NULL DO NOTHING RETURNING id`,
      [c.id, c.workspaceId, c.email, c.name, c.source, c.sourcePageId, c.sourceBlockId, c.createdAt],
    );
    if (inserted.length > 0) return null;
    const row = await this.sql.one<Row>(
      `SELECT id, workspace_id, email, name, source, source_page_id, source_block_id, created_at FROM contacts
        WHERE workspace_id = ? AND source_page_id = ? AND source = ? AND email = ?`,
      [c.workspaceId, c.sourcePageId, c.source, c.email],
    );
    return row ? toState(row) : null;
  }
}
