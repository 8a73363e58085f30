import type { ContactSource, ContactState } from '../domain/contact.js';

export interface ContactView {
  id: string;
  email: string;
  name: string | null;
  source: string;
  source_block_id: string | null;
  created_at: string;
}

export const contactView = (c: ContactState): ContactView => ({
  id: c.id,
  email: c.email,
  name: c.name,
  source: c.source,
  source_block_id: c.sourceBlockId,
  created_at: c.createdAt.toISOString(),
});

/** A `contacts` row as SQL returns it (read side and repository alike). */
export interface ContactRow {
  id: string;
  workspace_id: string;
  email: string;
  name: string | null;
  source: ContactSource;
  source_page_id: string | null;
  source_block_id: string | null;
  created_at: Date;
}

export const CONTACT_COLUMNS = 'id, workspace_id, email, name, source, source_page_id, source_block_id, created_at';

export const contactFromRow = (r: ContactRow): ContactState => ({
  id: r.id,
  workspaceId: r.workspace_id,
  email: r.email,
  name: r.name,
  source: r.source,
  sourcePageId: r.source_page_id,
  sourceBlockId: r.source_block_id,
  createdAt: new Date(r.created_at),
});
