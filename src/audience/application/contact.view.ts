import { ERASED_EMAIL, type ContactState } from '../domain/contact.js';
import type { ContactRow } from '../infrastructure/audience.tables.js';

export interface ContactView {
  id: string;
  email: string;
  name: string | null;
  source: string;
  source_block_id: string | null;
  created_at: string;
}

/** The contact as the API shows it (an erased one, which the API never lists, would read as the placeholder). */
export const contactView = (c: ContactState): ContactView => ({
  id: c.id,
  email: c.email ?? ERASED_EMAIL,
  name: c.name,
  source: c.source,
  source_block_id: c.sourceBlockId,
  created_at: c.createdAt.toISOString(),
});

export const contactFromRow = (r: ContactRow): ContactState => ({
  id: r.id,
  workspaceId: r.workspace_id,
  email: r.email,
  name: r.name,
  source: r.source,
  sourcePageId: r.source_page_id,
  sourceBlockId: r.source_block_id,
  createdAt: r.created_at,
  deletedAt: r.deleted_at,
});
