import { Injectable } from '@nestjs/common';
import type { Slots } from '../../platform/database/query-builder.js';
import { lockable, type LockOption } from '../../platform/database/row-lock.js';
import { Sql } from '../../platform/database/sql.js';
import { Outbox } from '../../platform/outbox/outbox.js';
import { Contact } from '../domain/contact.js';
import { contactFromRow } from '../application/contact.view.js';
import { contactOutboxEvent } from '../application/integration-events.js';
import { ContactRepository, type AddedContact } from '../application/ports/audience.ports.js';
import { audience } from './audience.tables.js';

const contactById = lockable((p: Slots<{ workspaceId: string; id: string }>) =>
  audience.selectFrom('contacts').selectAll().where('workspace_id', '=', p.workspaceId).where('id', '=', p.id),
);

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
      await this.outbox.append(events.map(contactOutboxEvent));
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

  async byId(workspaceId: string, id: string, options: LockOption = {}): Promise<Contact | null> {
    const row = await this.db.one(contactById(this.db, { workspaceId, id }, options));
    return row ? Contact.restore(contactFromRow(row)) : null;
  }

  async lockByEmail(email: string, workspaceId: string | undefined): Promise<Contact[]> {
    // Every workspace's: their ids first, without locks, then each workspace's rows locked in turn (in workspace order,
    // then id order): a locking read stays within one workspace, which a cluster sharded by workspace requires
    // (docs/adr/0053).
    const workspaces =
      workspaceId !== undefined
        ? [workspaceId]
        : (
            await this.db.all(
              audience.selectFrom('contacts').select('workspace_id').distinct().where('email', '=', email).orderBy('workspace_id'),
            )
          ).map((r) => r.workspace_id);
    const rows = [];
    for (const ws of workspaces) {
      rows.push(
        ...(await this.db.all(
          audience.selectFrom('contacts').selectAll().where('workspace_id', '=', ws).where('email', '=', email).orderBy('id').forUpdate(),
        )),
      );
    }
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((row) => Contact.restore(contactFromRow(row)));
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
    await this.outbox.append(contact.pullEvents().map(contactOutboxEvent));
  }
}
