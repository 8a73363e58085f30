import { defineEntity, p, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { queryBuilder } from '../../platform/database/query-builder.js';
import { workspaceReference } from '../../access/infrastructure/access.tables.js';
import type { ContactSource } from '../domain/contact.js';

/**
 * The audience context's table (docs/adr/0027): one contact per (workspace, page, source, e-mail); an erased contact
 * stays as a tombstone without address nor name (docs/adr/0044).
 */
export const ContactTable = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    workspace: workspaceReference('contacts').primary(),
    id: p.text().primary(),
    /** null once erased (docs/adr/0044) */
    email: p.text().nullable(),
    name: p.text().nullable(),
    source: p.text().$type<ContactSource>(),
    sourcePageId: p.text().nullable(),
    sourceBlockId: p.text().nullable(),
    createdAt: p.datetime(3),
    /** set when erased: the row is then a tombstone that only counts (no address, no name) */
    deletedAt: p.datetime(3).nullable(),
  },
  checks: [
    { name: 'contacts_source_check', expression: "source IN ('NEWSLETTER', 'FORM', 'GATED_DOWNLOAD')" },
    {
      name: 'contacts_erased_check',
      expression: '(deleted_at IS NULL AND email IS NOT NULL) OR (deleted_at IS NOT NULL AND email IS NULL AND name IS NULL)',
    },
  ],
  indexes: [
    { name: 'contacts_page_idx', expression: 'CREATE INDEX contacts_page_idx ON contacts (workspace_id, created_at DESC, id DESC)' },
  ],
  uniques: [
    {
      name: 'contacts_once_per_page',
      properties: ['workspace', 'sourcePageId', 'source', 'email'],
      where: 'source_page_id IS NOT NULL',
    },
  ],
});

export const audienceTables = [ContactTable];
export type AudienceDb = InferKyselyDB<(typeof audienceTables)[number]>;

/** A `contacts` row as a statement selecting every column returns it. */
export type ContactRow = Selectable<AudienceDb['contacts']>;
export const audience = queryBuilder<AudienceDb>();
