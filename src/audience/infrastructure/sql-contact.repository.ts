import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql.js';
import type { Contact } from '../domain/contact.js';
import { ContactRepository } from '../application/ports/audience.ports.js';

@Injectable()
export class SqlContactRepository extends ContactRepository {
  constructor(private readonly sql: Sql) {
    super();
  }

  async add(contact: Contact): Promise<void> {
    const c = contact.state;
    await this.sql.all(
      `INSERT INTO contacts (id, workspace_id, email, name, source, source_page_id, source_block_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [c.id, c.workspaceId, c.email, c.name, c.source, c.sourcePageId, c.sourceBlockId, c.createdAt],
    );
  }
}
