import { Injectable } from '@nestjs/common';
import { lockedIfAsked } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { Contact } from '../domain/contact.js';
import { contactFromRow } from '../application/contact.view.js';
import { contactOutboxMessage } from '../application/integration-events.js';
import { ContactRepository, type AddedContact } from '../application/ports/audience.ports.js';
import { audience } from './audience.tables.js';

@Injectable()
export class SqlContactRepository extends ContactRepository {
  constructor(
    private readonly db: Sql,
    private readonly outbox: Outbox,
  ) {
    super();
  }

  async add(contact: Contact): Promise<AddedContact> {
    const c = contact.state;
    const inserted = await this.db.all(
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
          deleted_at: c.deletedAt,
        })
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'source_page_id', 'source', 'email']).where('source_page_id', 'is not', null).doNothing(),
        )
        .returning('id'),
    );
    const events = contact.pullEvents();
    if (inserted.length > 0) {
      await this.outbox.append(events.map(contactOutboxMessage));
      return { contact: c, created: true };
    }
    // The insert waited for any other writer of this key, so the row it met is committed and visible now.
    const row = await this.db.one(
      audience
        .selectFrom('contacts')
        .selectAll()
        .where('workspace_id', '=', c.workspaceId)
        .where('source_page_id', '=', c.sourcePageId)
        .where('source', '=', c.source)
        .where('email', '=', c.email),
    );
    if (!row) throw new Error(`contact ${c.email} of page ${c.sourcePageId} conflicted but cannot be read`);
    return { contact: contactFromRow(row), created: false };
  }

  async byId(workspaceId: string, id: string, options: { lock?: boolean } = {}): Promise<Contact | null> {
    const query = audience.selectFrom('contacts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id);
    const row = await this.db.one(lockedIfAsked(this.db, query, options));
    return row ? Contact.restore(contactFromRow(row)) : null;
  }

  async lockByEmail(email: string, workspaceId: string | undefined): Promise<Contact[]> {
    let query = audience.selectFrom('contacts').selectAll().where('email', '=', email);
    if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
    const rows = await this.db.all(query.orderBy('id').forUpdate());
    return rows.map((row) => Contact.restore(contactFromRow(row)));
  }

  async saveErased(contact: Contact): Promise<void> {
    const c = contact.state;
    if (c.deletedAt === null) throw new Error(`contact ${c.id} is not erased`);
    await this.db.all(
      audience
        .updateTable('contacts')
        .set({ email: null, name: null, deleted_at: c.deletedAt })
        .where('workspace_id', '=', c.workspaceId)
        .where('id', '=', c.id),
    );
    await this.outbox.append(contact.pullEvents().map(contactOutboxMessage));
  }
}
